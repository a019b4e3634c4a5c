import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { revealHeading } from '@/features/modules/revealHeading'

/**
 * A link to `#module-{id}` ('Continue' on the home page) brings that module's heading to the top of the viewport and
 * focuses it once the list has rendered it; the router does not scroll to a hash, and the card is not there on the
 * first render anyway.
 */
export function useRevealModule(rendered: boolean) {
  const { hash } = useLocation()
  const revealed = useRef<string | null>(null)
  useEffect(() => {
    if (!rendered || !hash.startsWith('#module-') || revealed.current === hash) return
    if (!revealHeading(decodeURIComponent(hash.slice('#module-'.length)))) return
    revealed.current = hash
  }, [rendered, hash])
}
