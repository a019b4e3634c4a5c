import { useId, useState, type FormEvent } from 'react'
import { useCommentPlayerMutation } from '@/features/player/playerEndpoints'
import { ErrorMessage } from '@/components/ErrorMessage'
import { readableProblem, TRY_AGAIN_TEXT } from '@/api/problemText'

export const COMMENT_RULE_TEXT = 'A comment is 1 to 2000 characters.'

/** Comment box for logged-in users; the comments list refreshes through cache invalidation. */
export function CommentForm({ username }: { username: string }) {
  const [comment, setComment] = useState('')
  const [commentPlayer, { isLoading }] = useCommentPlayerMutation()
  const fieldId = useId()
  const [failure, setFailure] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const text = comment.trim()
    if (!text) return
    setFailure(null)
    try {
      await commentPlayer({ commentInput: { chessPlayerUsername: username, comment: text } }).unwrap()
      setComment('')
    } catch (error) {
      // The text stays for another try, and the form says why; also logged (app/listeners.ts).
      const { text } = readableProblem(error, { comment: COMMENT_RULE_TEXT })
      const failed = 'Your comment could not be posted'
      setFailure(text === TRY_AGAIN_TEXT ? `${failed}. Please try again.` : `${failed}: ${text}`)
    }
  }

  return (
    <form className="form card" onSubmit={(e) => void submit(e)}>
      <label htmlFor={fieldId} className="field">
        Your comment
      </label>
      <textarea id={fieldId} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} required />
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <div>
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Comment
        </button>
      </div>
    </form>
  )
}
