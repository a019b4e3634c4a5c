import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { scrollToElement } from '@/components/useFormFocus'

/**
 * A link to `#module-{id}` ('Continue' on the home page) brings that module's card into view once the list has
 * rendered it; the router does not scroll to a hash, and the card is not there on the first render anyway.
 */
export function useRevealModule(rendered: boolean) {
  const { hash } = useLocation()
  const revealed = useRef<string | null>(null)
  useEffect(() => {
    if (!rendered || !hash.startsWith('#module-') || revealed.current === hash) return
    const card = document.getElementById(decodeURIComponent(hash.slice(1)))?.closest('article')
    if (!card) return
    revealed.current = hash
    scrollToElement(card, 'start')
  }, [rendered, hash])
}
