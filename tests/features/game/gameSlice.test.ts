import { describe, expect, it } from 'vitest'
import { START_FEN } from '@domain/chess/chessRules'
import {
  computerReplyCancelled,
  engineFailed,
  gameReset,
  gameSlice,
  initialGameState,
  moveMade,
  moveRejected,
  movesTakenBack,
  opponentChosen,
  playerColorChosen,
  positionLoaded,
  positionRejected,
  selectGame,
  takebacksAllowed,
} from '@/features/game/gameSlice'

const reducer = gameSlice.reducer
const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
const afterE5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'

describe('gameSlice', () => {
  it('starts from the standard position with no moves and no message', () => {
    const state = reducer(undefined, { type: 'unknown' })
    expect(state).toEqual(initialGameState)
    expect(state.fen).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')
    expect(state.moves).toEqual([])
    expect(state.status).toBe('')
  })

  it("records the player's move and waits for the computer", () => {
    const state = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: '' }),
    )
    expect(state.moves).toEqual(['e2e4'])
    expect(state.fen).toBe(afterE4)
    expect(state.status).toBe('Player moved.')
    expect(state.computerThinking).toBe(true)
  })

  it('does not wait for the computer once the game is over', () => {
    const state = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Game over. Player wins!', over: true, words: '' }),
    )
    expect(state.over).toBe(true)
    expect(state.computerThinking).toBe(false)
  })

  it("records the computer's move with the same action, and stops thinking: the player is to move", () => {
    const thinking = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: '' }),
    )
    const state = reducer(
      thinking,
      moveMade({ uci: 'e7e5', fen: afterE5, status: 'AI moved.', over: false, words: '' }),
    )
    expect(state.moves).toEqual(['e2e4', 'e7e5'])
    expect(state.fen).toBe(afterE5)
    expect(state.status).toBe('AI moved.')
    expect(state.computerThinking).toBe(false)
  })

  it('keeps the position when a move is rejected', () => {
    const state = reducer(initialGameState, moveRejected('Invalid move.'))
    expect(state.status).toBe('Invalid move.')
    expect(state.moves).toEqual([])
    expect(state.fen).toBe(initialGameState.fen)
  })

  it('stops thinking when the reply is cancelled', () => {
    const thinking = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: '' }),
    )
    expect(reducer(thinking, computerReplyCancelled()).computerThinking).toBe(false)
  })

  it('resets to the standard position', () => {
    const played = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: '' }),
    )
    expect(reducer(played, gameReset())).toEqual(initialGameState)
  })

  it('starts from the same position chess.js calls standard', () => {
    expect(initialGameState.fen).toBe(START_FEN)
    expect(initialGameState.startFen).toBe(START_FEN)
  })

  it('keeps only serializable data', () => {
    const played = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: '' }),
    )
    expect(JSON.parse(JSON.stringify(played))).toEqual(played)
    expect(selectGame({ game: played }).status).toBe('Player moved.')
  })
})

describe('gameSlice: takebacks, playing either side, loaded positions and a failing engine', () => {
  const played = () =>
    [
      { uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: 'White pawn to e4' },
      { uci: 'e7e5', fen: afterE5, status: 'AI moved.', over: false, words: 'Black pawn to e5' },
    ].reduce((state, move) => reducer(state, moveMade(move)), initialGameState)

  it('takes moves back: the player moves again and the game is no longer over', () => {
    const state = reducer(
      { ...played(), over: true },
      movesTakenBack({ count: 2, fen: initialGameState.fen, status: 'Move taken back.' }),
    )
    expect(state.moves).toEqual([])
    expect(state.fen).toBe(initialGameState.fen)
    expect(state).toMatchObject({ over: false, computerThinking: false, lastMoveWords: '' })
  })

  it("'Play as' starts a new game on that side; the computer thinks when it is to move", () => {
    const state = reducer({ ...played(), flipped: true, opponent: 3 }, playerColorChosen('black'))
    expect(state).toMatchObject({ moves: [], playerColor: 'black', flipped: false, opponent: 3 })
    const afterWhite = reducer(
      state,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'AI moved.', over: false, words: '' }),
    )
    expect(afterWhite.computerThinking).toBe(false) // black, the player, is to move
  })

  it('loads a position as a new game, keeping the choices; a refused one only sets the error', () => {
    const fen = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'
    const chosen = reducer(reducer(played(), opponentChosen(5)), takebacksAllowed(false))
    const refused = reducer(chosen, positionRejected('Invalid position.'))
    expect(refused.moves).toEqual(chosen.moves)
    expect(refused.positionError).toBe('Invalid position.')
    const loaded = reducer(refused, positionLoaded(fen))
    expect(loaded).toMatchObject({ startFen: fen, fen, moves: [], opponent: 5, allowTakebacks: false })
    expect(loaded.positionError).toBe('')
  })

  it('an engine that fails turns the opponent back to Random with its note', () => {
    const state = reducer(reducer(initialGameState, opponentChosen(8)), engineFailed('note'))
    expect(state).toMatchObject({ opponent: 'random', engine: 'off', engineNote: 'note' })
    expect(reducer(state, opponentChosen(2)).engineNote).toBe('')
  })
})
