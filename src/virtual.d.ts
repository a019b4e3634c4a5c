// Modules the build makes (vite.config.ts's plugins).

/** The address of the board pieces' SVG sprite, one <symbol id="wP"> per piece (scripts/vite-piece-sprite.mjs). */
declare module 'virtual:piece-sprite' {
  const address: string
  export default address
}
