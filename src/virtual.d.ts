// Modules the build makes (vite.config.ts's plugins).

/** The address of the board pieces' SVG sprite, one <symbol id="wP"> per piece (scripts/vite-piece-sprite.mjs). */
declare module 'virtual:piece-sprite' {
  const address: string
  export default address
}

/** The addresses of the engine's scripts, in a folder named by the engine files' content (vite.config.ts). */
declare module 'virtual:engine-script' {
  /** The single-threaded build. */
  const address: string
  export default address
  /** The multi-threaded build, for a cross-origin-isolated page. */
  export const multiThreaded: string
}
