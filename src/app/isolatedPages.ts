// The pages served cross-origin isolated (so SharedArrayBuffer is there and /analysis's engine can run on several
// threads): the server (server/web/webPlugin.ts) and Vite's dev server (vite.config.ts) send these headers with
// their documents, and the app loads the page as a new document whenever a link crosses between an isolated page
// and another (src/app/useIsolatedDocuments.ts). The other pages stay as they are: the lessons embed YouTube and
// Vimeo players, whose frames send no header allowing them into an isolated page.

/**
 * COEP `credentialless` rather than `require-corp`: the page still shows images from other origins that send no
 * Cross-Origin-Resource-Policy (chess.com's avatars), fetched without cookies; under `require-corp` they would be
 * blocked. Chromium has it since 96, Firefox since 119; a browser without it is not isolated, and the engine runs
 * on one thread there.
 */
export const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'credentialless',
} as const

/** Whether the page at this path (no query) is served cross-origin isolated: /analysis alone. */
export function isIsolatedPath(path: string): boolean {
  return path === '/analysis' || path === '/analysis/'
}
