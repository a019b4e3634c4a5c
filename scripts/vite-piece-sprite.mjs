// The board's pieces as one SVG file: react-chessboard's own pieces (defaultPieces), rendered with
// react-dom/server into <symbol id="wP">...</symbol> elements of one sprite. The practice board draws its first,
// static board with them (src/features/game/StaticBoard.tsx), so a first visit to /home shows the pieces without
// loading react-chessboard's script; the interactive board draws the same pieces inline, so nothing changes when it
// takes over. `import sprite from 'virtual:piece-sprite'` is the sprite's address: a hashed file in dist/assets/
// at build time, answered by the dev server otherwise. Types: vite-piece-sprite.d.mts and src/virtual.d.ts.
import { createHash } from 'node:crypto'

const ID = 'virtual:piece-sprite'
const RESOLVED = '\0' + ID
const DEV_PATH = '/@piece-sprite.svg'

/** The sprite's text: one symbol per piece code, each with its piece's viewBox. */
export async function pieceSprite() {
  const [{ defaultPieces }, { renderToStaticMarkup }] = await Promise.all([
    import('react-chessboard'),
    import('react-dom/server'),
  ])
  const symbols = Object.entries(defaultPieces).map(([code, render]) => {
    const svg = renderToStaticMarkup(render())
    const match = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(svg)
    const viewBox = match && /viewBox="([^"]+)"/.exec(match[1])
    if (!match || !viewBox) throw new Error(`piece sprite: ${code} is not one <svg> with a viewBox`)
    return `<symbol id="${code}" viewBox="${viewBox[1]}">${match[2]}</symbol>`
  })
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`
}

/** @returns {import('vite').Plugin} */
export function pieceSpritePlugin() {
  let build = false
  let base = '/'
  /** @type {Promise<string> | undefined} */
  let sprite
  const text = () => (sprite ??= pieceSprite())
  return {
    name: 'piece-sprite',
    configResolved(config) {
      build = config.command === 'build'
      base = config.base
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined
    },
    async load(id) {
      if (id !== RESOLVED) return
      if (!build) return `export default ${JSON.stringify(DEV_PATH)}`
      const source = await text()
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
      const fileName = `assets/pieces-${hash}.svg`
      this.emitFile({ type: 'asset', fileName, source })
      return `export default ${JSON.stringify(base + fileName)}`
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_req, res) => {
        void text().then((source) => {
          res.setHeader('Content-Type', 'image/svg+xml')
          res.end(source)
        })
      })
    },
  }
}
