import { useId, useState, type FormEvent } from 'react'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { pgnOf } from '@domain/chess/chessRules'
import { isEngineLevel } from './engine'
import { selectGame, type GameState } from './gameSlice'
import { loadPosition } from './gameThunks'
import { COMPUTER_LABEL } from './opponentLabel'

const PGN_FILE_NAME = 'practice-game.pgn'

function gamePgn({ moves, startFen, playerColor, opponent }: GameState): string {
  const computer = `${COMPUTER_LABEL} (${isEngineLevel(opponent) ? `Level ${opponent}` : 'Random'})`
  const today = new Date()
  const date = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('.')
  return pgnOf(moves, startFen, {
    white: playerColor === 'white' ? 'You' : computer,
    black: playerColor === 'black' ? 'You' : computer,
    date,
  })
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }))
  const link = document.createElement('a')
  link.href = url
  link.download = PGN_FILE_NAME
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

/** 'Copy PGN' and 'Download PGN' of the game so far; 'Load FEN' to start from a position. */
export function PgnTools() {
  const dispatch = useAppDispatch()
  const game = useAppSelector(selectGame)
  const [copied, setCopied] = useState('')
  const [fen, setFen] = useState('')
  const fenId = useId()
  const errorId = useId()

  async function copy() {
    try {
      await navigator.clipboard.writeText(gamePgn(game))
      setCopied('PGN copied.')
    } catch {
      setCopied('Could not copy; use Download PGN.')
    }
  }

  function load(event: FormEvent) {
    event.preventDefault()
    if (dispatch(loadPosition(fen))) setFen('')
  }

  return (
    <div className="pgn-tools">
      <div className="practice-settings__row">
        <button type="button" className="btn" onClick={() => void copy()}>
          Copy PGN
        </button>
        <button type="button" className="btn" onClick={() => download(gamePgn(game))}>
          Download PGN
        </button>
      </div>
      <p className="practice-settings__note" role="status">
        {copied}
      </p>
      <form className="pgn-tools__fen" onSubmit={load}>
        <label htmlFor={fenId}>Position (FEN)</label>
        <input
          id={fenId}
          value={fen}
          onChange={(e) => setFen(e.target.value)}
          aria-invalid={game.positionError ? true : undefined}
          aria-describedby={errorId}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="btn">
          Load FEN
        </button>
        <p id={errorId} className="error-message practice-settings__note" role="alert">
          {game.positionError}
        </p>
      </form>
    </div>
  )
}
