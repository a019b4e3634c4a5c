import { useCallback, useState } from 'react'
import { useDeleteCommentMutation, useGetPlayerCommentsQuery } from '@/features/player/playerEndpoints'
import type { Comment } from '@/api/generated/api'
import { useAppSelector } from '@/app/hooks'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { ErrorMessage } from '@/components/ErrorMessage'
import { LoadError } from '@/components/LoadError'
import { Spinner } from '@/components/Spinner'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { asCaller, canDeleteComment } from '@domain/rules'
import { COMMENTS_PAGE_SIZE, CommentPage, type PageEnd } from './CommentPage'

/** Comments about the player, newest first; text only (React escapes it, never rendered as HTML). */
export function PlayerComments({ username }: { username: string }) {
  const viewer = useAppSelector(selectCurrentUser)
  const [pages, setPages] = useState(1)
  const [end, setEnd] = useState<PageEnd>({ full: false, loading: true })
  const [confirming, setConfirming] = useState<Comment | null>(null)
  const [deleteFailed, setDeleteFailed] = useState(false)
  const [deleteComment, { isLoading: deleting }] = useDeleteCommentMutation()
  // the first page, for the loading, empty and error states
  const {
    currentData: first,
    isLoading,
    isError,
    refetch,
  } = useGetPlayerCommentsQuery({ username, limit: COMMENTS_PAGE_SIZE })

  const canDelete = useCallback((c: Comment) => canDeleteComment(asCaller(viewer), c.user._id), [viewer])
  const onDelete = useCallback((c: Comment) => {
    setDeleteFailed(false)
    setConfirming(c)
  }, [])
  const onEnd = useCallback((next: PageEnd) => setEnd(next), [])

  async function confirmDelete() {
    const comment = confirming
    setConfirming(null)
    if (!comment) return
    try {
      await deleteComment({ commentId: comment._id }).unwrap()
    } catch {
      setDeleteFailed(true)
    }
  }

  function loadMore() {
    if (end.retry) end.retry()
    else setPages((n) => n + 1)
  }

  return (
    <section className="card" aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
      {isLoading && <Spinner />}
      {isError && !first && (
        <LoadError message="The comments could not be loaded." onRetry={() => void refetch()} />
      )}
      {first && first.length === 0 && <p className="muted">No comments yet.</p>}
      {first && first.length > 0 && (
        <ul className="player-comments">
          <CommentPage
            username={username}
            index={0}
            pages={pages}
            onEnd={onEnd}
            canDelete={canDelete}
            onDelete={onDelete}
          />
        </ul>
      )}
      {deleteFailed && <ErrorMessage>The comment could not be deleted. Please try again.</ErrorMessage>}
      {first && first.length > 0 && end.loading && pages > 1 && <Spinner />}
      {first && first.length > 0 && end.full && !end.loading && (
        <div className="row">
          <button type="button" className="btn" onClick={loadMore} disabled={deleting}>
            Load more
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          message={`Delete this comment by ${confirming.user.username}?`}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  )
}
