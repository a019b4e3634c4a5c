import { useId, useState, type FormEvent } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { loadGameEngine, loadedGameEngine, logEngineError } from './gameEngine'

/** Keyboard alternative to dragging pieces. */
export function MoveInput({ disabled }: { disabled: boolean }) {
  const dispatch = useAppDispatch()
  const [text, setText] = useState('')
  const inputId = useId()
  const hintId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) return
    const engine = loadedGameEngine()
    if (engine) {
      if (dispatch(engine.playTypedMove(text))) setText('')
      return
    }
    loadGameEngine().then((loaded) => {
      if (dispatch(loaded.playTypedMove(text))) setText('')
    }, logEngineError)
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
