import { useId } from 'react'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { ENGINE_LEVELS, isEngineLevel } from './engine'
import { boardFlipped, selectGame, takebacksAllowed, type Side } from './gameSlice'
import { chooseOpponent, choosePlayerColor } from './gameThunks'

/** The opponent, the player's side, the board's orientation and whether takebacks are offered. */
export function GameSettings() {
  const dispatch = useAppDispatch()
  const { opponent, playerColor, allowTakebacks, engine, engineNote } = useAppSelector(selectGame)
  const opponentId = useId()
  const colorId = useId()
  const colorHintId = useId()
  const takebacksId = useId()

  return (
    <div className="practice-settings">
      <div className="practice-settings__field">
        <label htmlFor={opponentId}>Opponent</label>
        <select
          id={opponentId}
          value={String(opponent)}
          onChange={(e) => {
            const level = Number(e.target.value)
            dispatch(chooseOpponent(isEngineLevel(level) ? level : 'random'))
          }}
        >
          <option value="random">Random</option>
          {ENGINE_LEVELS.map((level) => (
            <option key={level} value={level}>
              Level {level}
            </option>
          ))}
        </select>
      </div>
      <p className="practice-settings__note" role="alert">
        {engineNote || (engine === 'loading' ? 'Starting the engine…' : '')}
      </p>
      <div className="practice-settings__field">
        <label htmlFor={colorId}>Play as</label>
        <select
          id={colorId}
          value={playerColor}
          aria-describedby={colorHintId}
          onChange={(e) => dispatch(choosePlayerColor(e.target.value as Side))}
        >
          <option value="white">White</option>
          <option value="black">Black</option>
        </select>
        <small id={colorHintId}>Changing sides starts a new game.</small>
      </div>
      <div className="practice-settings__row">
        <button type="button" className="btn" onClick={() => dispatch(boardFlipped())}>
          Flip board
        </button>
        <span className="practice-settings__switch">
          <input
            id={takebacksId}
            type="checkbox"
            role="switch"
            checked={allowTakebacks}
            onChange={(e) => dispatch(takebacksAllowed(e.target.checked))}
          />
          <label htmlFor={takebacksId}>Allow takebacks</label>
        </span>
      </div>
    </div>
  )
}
