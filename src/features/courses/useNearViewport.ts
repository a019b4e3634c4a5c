import { useEffect, useState, type RefObject } from 'react'
import { NEAR_VIEWPORT_MARGIN } from '@/components/LoadMore'

const canObserve = () => typeof IntersectionObserver === 'function'

/**
 * True once the element is on screen or within NEAR_VIEWPORT_MARGIN of it, and stays true.
 * Where IntersectionObserver is missing, true at once. `already` skips observing (e.g. data in cache).
 */
export function useNearViewport(ref: RefObject<Element | null>, already = false): boolean {
  const [near, setNear] = useState(() => already || !canObserve())
  const shown = near || already

  useEffect(() => {
    if (shown) return
    const element = ref.current
    if (!element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, shown])

  return shown
}
