import { useId, useState, type FormEvent } from 'react'
import { useCommentPlayerMutation } from '@/api/enhancedApi'

/** Comment box for logged-in users; the comments list refreshes through cache invalidation. */
export function CommentForm({ username }: { username: string }) {
  const [comment, setComment] = useState('')
  const [commentPlayer, { isLoading }] = useCommentPlayerMutation()
  const fieldId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const text = comment.trim()
    if (!text) return
    try {
      await commentPlayer({ commentInput: { chessPlayerUsername: username, comment: text } }).unwrap()
      setComment('')
    } catch (error) {
      console.error('Could not post the comment', error)
    }
  }

  return (
    <form className="form card" onSubmit={submit}>
      <label htmlFor={fieldId} className="field">
        Your comment
      </label>
      <textarea id={fieldId} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} required />
      <div>
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Comment
        </button>
      </div>
    </form>
  )
}
