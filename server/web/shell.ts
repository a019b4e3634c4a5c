// The SPA's shell as the server serves it: the prerendered pages it answers by their file, and the inline scripts
// pages run (the shells' loader; every page's colour scheme), which the Content-Security-Policy allows by their
// hashes. They come from the SPA's own shell code (src/app/shell/), so the pages the build writes and the headers the server sends cannot disagree; server/web/ is
// the one room of the server that may import the SPA.
export { SHELL_BOOT_SCRIPT } from '../../src/app/shell/shellBoot'
export { THEME_BOOT_SCRIPT } from '../../src/app/shell/themeBoot'
export { shellPageOf } from '../../src/app/shell/shellPages'
