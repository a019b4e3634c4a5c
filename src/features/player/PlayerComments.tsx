import { useGetPlayerCommentsQuery } from '@/api/enhancedApi'
import { Spinner } from '@/components/Spinner'

/** Comments about the player; text only (React escapes it, never rendered as HTML). */
export function PlayerComments({ username }: { username: string }) {
  const { data: comments, isLoading, error } = useGetPlayerCommentsQuery({ username })
  if (error) console.error('Could not load comments', error)

  return (
    <section className="card" aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
      {isLoading && <Spinner />}
      {comments && comments.length === 0 && <p className="muted">No comments yet.</p>}
      {comments && comments.length > 0 && (
        <ul className="player-comments">
          {comments.map((c) => (
            <li key={c._id}>
              <strong>{c.user.username}</strong>
              <p>{c.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
