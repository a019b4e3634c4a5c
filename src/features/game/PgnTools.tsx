import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { analysisState } from '@/features/analysis/analysisStart'
import { gamePgn } from './gamePgn'
import { selectGame } from './gameSlice'
import { loadPosition } from './gameThunks'

const PGN_FILE_NAME = 'practice-game.pgn'

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
  const navigate = useNavigate()

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
      {game.over && (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() =>
            void navigate('/analysis', { state: analysisState({ pgn: gamePgn(game), report: true }) })
          }
        >
          Analyse this game
        </button>
      )}
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
