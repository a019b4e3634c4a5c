// The SPA's shell as the server serves it: the prerendered pages it answers by their file, and the one inline script
// those pages run, which the Content-Security-Policy allows by its hash. Both come from the SPA's own shell code
// (src/app/shell/), so the pages the build writes and the headers the server sends cannot disagree; server/web/ is
// the one room of the server that may import the SPA.
export { SHELL_BOOT_SCRIPT } from '../../src/app/shell/shellBoot'
export { shellPageOf } from '../../src/app/shell/shellPages'
