import { useId, useState, type FormEvent } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { playTypedMove } from './gameThunks'

/** Keyboard alternative to dragging pieces. */
export function MoveInput({ disabled }: { disabled: boolean }) {
  const dispatch = useAppDispatch()
  const [text, setText] = useState('')
  const inputId = useId()
  const hintId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) return
    if (dispatch(playTypedMove(text))) setText('')
  }

  return (
    <form className="move-input" onSubmit={submit}>
      <label htmlFor={inputId}>Your move</label>
      <input
        id={inputId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="e2e4 or e4"
        aria-describedby={hintId}
        autoComplete="off"
        spellCheck={false}
      />
      <button type="submit" className="btn btn--primary" disabled={disabled}>
        Play move
      </button>
      <small id={hintId}>Type a move from square to square (e2e4) or in algebraic notation (Nf3).</small>
    </form>
  )
}
