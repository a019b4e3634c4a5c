// Build step: dist/csp-styles.json, the CSP hashes ('sha256-…') of every <style> element the product puts into a
// document: the stylesheet the prerendered pages carry inline (scripts/vite-prerender.mjs), and the <style> blocks
// that bundled code writes as HTML, such as the video elements' shadow roots (react-player's YouTube and Vimeo
// players). The server lists them in the pages' style-src (server/web/webPlugin.ts) instead of 'unsafe-inline', so
// an injected <style> or style attribute is not applied. Types: vite-csp-styles.d.mts.
import { createHash } from 'node:crypto'

export const CSP_STYLES_FILE = 'csp-styles.json'

const OPEN = '<style>'
const CLOSE = '</style>'

/** The texts of the <style>…</style> elements written out in `text`, in order. */
export function styleTexts(text) {
  const found = []
  let at = text.indexOf(OPEN)
  while (at >= 0) {
    const end = text.indexOf(CLOSE, at + OPEN.length)
    if (end < 0) break
    found.push(text.slice(at + OPEN.length, end))
    at = text.indexOf(OPEN, end + CLOSE.length)
  }
  return found
}

/** A CSP source for this text: its SHA-256, base64, quoted. */
export const cspHash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** Every string a module's code holds, as the program sees it (escapes resolved): literals and template parts. */
function stringsOf(node, out) {
  if (!node || typeof node !== 'object') return out
  if (Array.isArray(node)) {
    for (const child of node) stringsOf(child, out)
    return out
  }
  if (node.type === 'Literal' && typeof node.value === 'string') out.push(node.value)
  else if (node.type === 'TemplateElement' && typeof node.value?.cooked === 'string')
    out.push(node.value.cooked)
  for (const key in node)
    if (key !== 'type' && node[key] && typeof node[key] === 'object') stringsOf(node[key], out)
  return out
}

/** @returns {import('vite').Plugin} */
export function cspStyleHashes() {
  return {
    name: 'csp-style-hashes',
    apply: 'build',
    generateBundle: {
      // after the prerendered pages are emitted
      order: 'post',
      handler(_options, bundle) {
        const hashes = new Set()
        for (const out of Object.values(bundle)) {
          if (out.type === 'asset' && out.fileName.endsWith('.html')) {
            const text =
              typeof out.source === 'string' ? out.source : Buffer.from(out.source).toString('utf8')
            for (const style of styleTexts(text)) hashes.add(cspHash(style))
          } else if (out.type === 'chunk' && out.code.includes(OPEN)) {
            for (const value of stringsOf(this.parse(out.code), []))
              for (const style of styleTexts(value)) hashes.add(cspHash(style))
          }
        }
        this.emitFile({
          type: 'asset',
          fileName: CSP_STYLES_FILE,
          source: JSON.stringify({ styleSrc: [...hashes].sort() }, null, 1) + '\n',
        })
      },
    },
  }
}
