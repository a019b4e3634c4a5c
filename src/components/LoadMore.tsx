import { useEffect, useRef } from 'react'

/** How far outside the viewport an element counts as about to be visible. */
export const NEAR_VIEWPORT_MARGIN = '300px 0px'

/** What LoadMore reads of an RTK Query infinite query's result. */
export interface PagedList {
  /** The pages loaded for the query's current arguments (never another search's). */
  currentData?: { pages: readonly unknown[] }
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage: () => unknown
}

type Props = {
  /** What the list holds, plural ('courses', 'users'): 'Load more courses'. */
  what: string
  /** Loads as the end comes near (default); false: the button only (a short list inside a card of a long page). */
  auto?: boolean
  /** The button's words, when not 'Load more {what}'. */
  label?: string
  /** The list's infinite query: nothing is shown until it has a page, nor once its last page is loaded. */
  list: PagedList
}

/**
 * The end of a paged list (the catalogue, the users, a player's followers): the next page loads when this comes near the viewport (scrolling), or with
 * the button (keyboard, or where IntersectionObserver is missing). A failed page says so; the button retries.
 */
export function LoadMore({ what, auto = true, label, list }: Props) {
  // Pages loaded so far: a new page re-checks whether the end is still in view.
  const loaded = list.currentData?.pages.length ?? 0
  const loading = list.isFetchingNextPage
  const failed = list.isFetchNextPageError
  const shown = loaded > 0 && list.hasNextPage
  const onMore = () => void list.fetchNextPage()
  const ref = useRef<HTMLDivElement>(null)
  const more = useRef(onMore)
  useEffect(() => {
    more.current = onMore
  })

  useEffect(() => {
    const element = ref.current
    if (!shown || !auto || !element || loading || failed || typeof IntersectionObserver !== 'function') return
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
  }, [shown, auto, loaded, loading, failed])

  if (!shown) return null
  return (
    <div ref={ref} className="row">
      {failed && (
        <p role="alert" className="error-message">
          {`More ${what} could not be loaded.`}
        </p>
      )}
      {loading ? (
        <p role="status" className="muted">
          {`Loading more ${what}…`}
        </p>
      ) : (
        <button type="button" className="btn" onClick={onMore}>
          {failed ? 'Retry' : (label ?? `Load more ${what}`)}
        </button>
      )}
    </div>
  )
}
