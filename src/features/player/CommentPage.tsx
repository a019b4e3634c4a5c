import { useEffect } from 'react'
import { useGetPlayerCommentsQuery } from '@/features/player/playerEndpoints'
import type { Comment } from '@/api/generated/api'

/** Comments per page; 'Load more' asks for the next page while the last one came back full. */
export const COMMENTS_PAGE_SIZE = 20

/** The cursor of the page after this comment, as the API takes it. */
export const cursorAfter = (c: Comment) => `${c.createdAt}_${c._id}`

export interface PageEnd {
  /** The last page shown came back full: there may be more. */
  full: boolean
  loading: boolean
  /** Set when the last page failed: 'Load more' tries it again. */
  retry?: () => void
}

interface PageProps {
  username: string
  before?: string
  index: number
  /** How many pages the reader asked for. */
  pages: number
  onEnd: (end: PageEnd) => void
  canDelete: (c: Comment) => boolean
  onDelete: (c: Comment) => void
}

/**
 * One page of comments, then the next page, whose cursor is this page's last comment as it is now: when a
 * page changes (a comment added or deleted), the pages after it follow, so nothing shows twice or goes missing.
 */
export function CommentPage({ username, before, index, pages, onEnd, canDelete, onDelete }: PageProps) {
  const { currentData, error, refetch } = useGetPlayerCommentsQuery({
    username,
    limit: COMMENTS_PAGE_SIZE,
    before,
  })
  const items = currentData ?? []
  const full = items.length === COMMENTS_PAGE_SIZE
  const last =
    index === pages - 1 || (currentData !== undefined && !full) || (error !== undefined && !currentData)
  useEffect(() => {
    if (!last) return
    if (error && !currentData) onEnd({ full: index > 0, loading: false, retry: () => void refetch() })
    else onEnd({ full, loading: currentData === undefined })
  }, [last, full, currentData, error, index, onEnd, refetch])

  return (
    <>
      {items.map((c) => (
        <li key={c._id}>
          <strong>{c.user.username}</strong>
          <p>{c.comment}</p>
          {canDelete(c) && (
            <button type="button" className="btn btn--ghost" onClick={() => onDelete(c)}>
              Delete
            </button>
          )}
        </li>
      ))}
      {!last && currentData && (
        <CommentPage
          username={username}
          before={cursorAfter(items[items.length - 1])}
          index={index + 1}
          pages={pages}
          onEnd={onEnd}
          canDelete={canDelete}
          onDelete={onDelete}
        />
      )}
    </>
  )
}
