// Modules the build makes (vite.config.ts's plugins).

/** The address of the board pieces' SVG sprite, one <symbol id="wP"> per piece (scripts/vite-piece-sprite.mjs). */
declare module 'virtual:piece-sprite' {
  const address: string
  export default address
}

/** The address of the engine's script, in a folder named by the engine files' content (vite.config.ts). */
declare module 'virtual:engine-script' {
  const address: string
  export default address
}
