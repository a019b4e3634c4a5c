import { useEffect, useRef } from 'react'
import { NEAR_VIEWPORT_MARGIN } from '@/features/courses/useNearViewport'

type Props = {
  /** Pages loaded so far: a new page re-checks whether the end is still in view. */
  loaded: number
  loading: boolean
  failed: boolean
  onMore: () => void
}

/**
 * The end of the catalogue's list: the next page loads when this comes near the viewport (scrolling), or with
 * the button (keyboard, or where IntersectionObserver is missing). A failed page says so; the button retries.
 */
export function LoadMore({ loaded, loading, failed, onMore }: Props) {
  const ref = useRef<HTMLDivElement>(null)
  const more = useRef(onMore)
  useEffect(() => {
    more.current = onMore
  })

  useEffect(() => {
    const element = ref.current
    if (!element || loading || failed || typeof IntersectionObserver !== 'function') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          more.current()
        }
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [loaded, loading, failed])

  return (
    <div ref={ref} className="row">
      {failed && (
        <p role="alert" className="error-message">
          More courses could not be loaded.
        </p>
      )}
      {loading ? (
        <p role="status" className="muted">
          Loading more courses…
        </p>
      ) : (
        <button type="button" className="btn" onClick={onMore}>
          {failed ? 'Retry' : 'Load more courses'}
        </button>
      )}
    </div>
  )
}
