import { useEffect, type RefObject } from 'react'

/**
 * Gives every iframe under `ref` the title `title`, also inside the open shadow roots the players' custom
 * elements (react-player's YouTube and Vimeo elements) draw their iframe in, and again whenever a player
 * redraws it: an iframe without a title is unnamed to screen readers (axe: frame-title). The players take
 * no title option, hence this.
 */
export function useFrameTitle(ref: RefObject<HTMLElement | null>, title: string) {
  useEffect(() => {
    const root = ref.current
    if (!root) return
    const watched = new Set<Node>()
    const observer = new MutationObserver(() => apply())
    function visit(node: ParentNode) {
      if (!watched.has(node)) {
        watched.add(node)
        observer.observe(node, { childList: true, subtree: true })
      }
      node.querySelectorAll('iframe').forEach((frame) => {
        if (frame.title !== title) frame.title = title
      })
      node.querySelectorAll('*').forEach((el) => {
        if (el.shadowRoot) visit(el.shadowRoot)
      })
    }
    function apply() {
      if (root) visit(root)
    }
    apply()
    return () => observer.disconnect()
  }, [ref, title])
}
