// Build step: dist/home.html and dist/courses.html, the built index.html with the page's first paint
// already in #root (src/app/shell/Shell.tsx, rendered by react-dom/server), the app's stylesheet in the page (one small
// file: vite.config.ts builds a single one) and the page chunk's scripts preloaded, so the largest paint does not wait for the scripts. The server answers /, /home and /courses
// with them (server/web/webPlugin.ts). The files are emitted into the bundle before it is written, so the
// precompression (brotli, gzip) applies to them as to index.html. Types: vite-prerender.d.mts.
//
// The shell module is loaded through a throw-away Vite server in SSR mode (the app's aliases, TSX, CSS imports
// ignored): nothing of it, nor of react-dom/server, enters the client bundle.
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const root = fileURLToPath(new URL('../', import.meta.url))

/**
 * The chunk whose entry is `module` (a path from the project root), and every chunk it imports statically.
 * @param {import('vite').Rolldown.OutputBundle} bundle
 * @param {string} module
 * @returns {import('vite').Rolldown.OutputChunk[]}
 */
function chunksOf(bundle, module) {
  const chunks = Object.values(bundle).filter((o) => o.type === 'chunk')
  const page = chunks.find((c) => c.facadeModuleId === root + module)
  if (!page) throw new Error(`prerender: no chunk for ${module}`)
  const seen = new Map()
  const visit = (chunk) => {
    if (seen.has(chunk.fileName)) return
    seen.set(chunk.fileName, chunk)
    for (const name of chunk.imports) {
      const next = bundle[name]
      if (next?.type === 'chunk') visit(next)
    }
  }
  visit(page)
  return [...seen.values()]
}

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A stylesheet's text inside <style>: nothing in it may end the element. */
const styleElement = (css) => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`

/**
 * index.html with the shell in #root, the page's title, and the page chunk's CSS and scripts linked. A stylesheet
 * whose text `styleText` knows (by its file, e.g. 'assets/index-1.css') goes into the page itself instead of a link,
 * index.html's own included: the first paint then waits for no request but the page's. With `shell.boot` (the
 * shell's loader, src/app/shell/shellBoot.ts), index.html's entry script and the page's modules are not linked from
 * the head but started by the loader, at the end of the body, once the first paint has happened.
 */
export function shellHtml(index, shell, assets, base = '/', styleText = () => undefined) {
  if (!index.includes('<div id="root"></div>') || !index.includes('</head>'))
    throw new Error('prerender: index.html has no head or no empty #root')
  const inline = (file) => {
    const text = styleText(file)
    return text === undefined ? undefined : styleElement(text)
  }
  let page = index.replace(/<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g, (tag, href) =>
    href.startsWith(base) ? (inline(href.slice(base.length)) ?? tag) : tag,
  )
  const entries = []
  const preloads = []
  if (shell.boot) {
    page = page
      .replace(/(?<!\s)\s*<script type="module"[^>]*? src="([^"]+)"[^>]*><\/script>/g, (_tag, src) => {
        entries.push(src)
        return ''
      })
      .replace(/(?<!\s)\s*<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g, (_tag, href) => {
        preloads.push(href)
        return ''
      })
    if (entries.length !== 1) throw new Error('prerender: index.html has not exactly one entry script')
  }
  const pageJs = assets.js.map((f) => `${base}${f}`).filter((href) => !index.includes(`${href}"`))
  const links = [
    ...assets.css
      .filter((f) => !index.includes(`${base}${f}"`))
      .map((f) => inline(f) ?? `<link rel="stylesheet" crossorigin href="${base}${f}">`),
    ...(shell.boot ? [] : pageJs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)),
  ].join('\n    ')
  const boot = shell.boot
    ? `<script data-app="${escapeHtml(entries[0])}" data-preload="${escapeHtml([...preloads, ...pageJs].join(' '))}">${shell.boot}</script>`
    : ''
  return page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(shell.title)}</title>`)
    .replace('</head>', () => (links ? `  ${links}\n  </head>` : '</head>'))
    .replace('<div id="root"></div>', () => `<div id="root">${shell.html}</div>`)
    .replace('</body>', () => `${boot}</body>`)
}

/** @returns {import('vite').Plugin} */
export function prerenderShells() {
  let base = '/'
  return {
    name: 'prerender-shells',
    apply: 'build',
    // After Vite's own HTML plugin has put index.html into the bundle.
    enforce: 'post',
    configResolved(config) {
      base = config.base
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (!index || index.type !== 'asset') return // not the SPA's build
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        resolve: { alias: { '@domain': `${root}domain`, '@': `${root}src` } },
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      })
      try {
        /** @type {typeof import('../src/app/shell/Shell')} */
        const shell = await server.ssrLoadModule('/src/app/shell/Shell.tsx')
        for (const page of shell.SHELL_PAGES) {
          const chunks = chunksOf(bundle, page.module)
          const css = [...new Set(chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))]
          this.emitFile({
            type: 'asset',
            fileName: page.file,
            source: shellHtml(
              String(index.source),
              shell.renderShell(page.path),
              { css, js: chunks.map((c) => c.fileName) },
              base,
              (file) => {
                const asset = bundle[file]
                return asset?.type === 'asset' && file.endsWith('.css') ? String(asset.source) : undefined
              },
            ),
          })
        }
      } finally {
        await server.close()
      }
    },
  }
}
