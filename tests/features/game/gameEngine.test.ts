import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore, type PreloadedState } from '@/app/store'
import { initialGameState } from '@/features/game/gameSlice'
import {
  COMPUTER_REPLY_DELAY_MS,
  cancelComputerReply,
  chooseOpponent,
  choosePlayerColor,
  loadPosition,
  playMove,
  playTypedMove,
  resumeGame,
  startNewGame,
  takeBack,
} from '@/features/game/gameThunks'
import { takebacksAllowed } from '@/features/game/gameSlice'
import { fakeEngine, settle } from './fakeEngine'

const START = initialGameState.startFen
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'

function setup(preloaded?: PreloadedState, random = () => 0) {
  const engine = fakeEngine()
  const store = makeStore(preloaded, { engine: engine.loader, random })
  const play = (from: string, to: string) => store.dispatch(playMove({ from, to }))
  return { engine, store, play, game: () => store.getState().game }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('engine levels', () => {
  it('choosing a level starts the engine; its reply goes through the thunk with the spec messages', async () => {
    const { engine, store, play, game } = setup()
    store.dispatch(chooseOpponent(3))
    expect(game().opponent).toBe(3)
    expect(game().engine).toBe('loading')
    await settle()
    expect(game().engine).toBe('ready')
    expect(play('e2', 'e4')).toBe(true)
    expect(game().status).toBe('Player moved.')
    expect(game().computerThinking).toBe(true)
    await settle()
    expect(engine.searches).toEqual([{ startFen: START, moves: ['e2e4'], level: 3 }])
    await engine.answer('g8f6')
    expect(game().moves).toEqual(['e2e4', 'g8f6'])
    expect(game().status).toBe('AI moved.')
    expect(game().lastMoveWords).toBe('Black knight to f6')
    expect(game().computerThinking).toBe(false)
  })

  it('refuses a move while the engine thinks', async () => {
    const { play, store, game } = setup()
    store.dispatch(chooseOpponent(5))
    play('e2', 'e4')
    await settle()
    expect(play('d2', 'd4')).toBe(false)
    expect(store.dispatch(playTypedMove('d4'))).toBe(false)
    expect(game().status).toBe('Invalid move.')
    expect(game().moves).toEqual(['e2e4'])
  })

  it("says 'Game over. AI wins!' when the engine mates", async () => {
    const { engine, store, play, game } = setup()
    store.dispatch(chooseOpponent(8))
    play('f2', 'f3')
    await settle()
    await engine.answer('e7e5')
    play('g2', 'g4')
    await settle()
    await engine.answer('d8h4')
    expect(game().status).toBe('Game over. AI wins!')
    expect(game().lastMoveWords).toBe('Black queen to h4, checkmate')
    expect(game().over).toBe(true)
  })

  it("'New game' stops the search and its late answer is dropped", async () => {
    const { engine, store, play, game } = setup()
    store.dispatch(chooseOpponent(4))
    play('e2', 'e4')
    await settle()
    store.dispatch(startNewGame())
    expect(engine.state.stops).toBe(1)
    expect(engine.searching).toBe(false)
    await settle()
    expect(game().moves).toEqual([])
    expect(game().computerThinking).toBe(false)
    expect(game().opponent).toBe(4) // the choice stays
  })

  it('leaving the page (the board unmounts) stops the search; coming back asks again', async () => {
    const { engine, store, play, game } = setup()
    store.dispatch(chooseOpponent(2))
    play('e2', 'e4')
    await settle()
    store.dispatch(cancelComputerReply())
    expect(engine.state.stops).toBe(1)
    expect(game().computerThinking).toBe(false)
    store.dispatch(resumeGame())
    await settle()
    expect(engine.searches).toHaveLength(2)
    await engine.answer('e7e5')
    expect(game().moves).toEqual(['e2e4', 'e7e5'])
  })

  it('falls back to random moves with a visible note when the engine cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { engine, store, play, game } = setup()
    engine.failStart()
    store.dispatch(chooseOpponent(6))
    await settle()
    expect(game().opponent).toBe('random')
    expect(game().engineNote).toBe('The engine could not start, so the computer plays random moves.')
    play('e2', 'e4')
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(game().moves).toHaveLength(2)
    expect(game().status).toBe('AI moved.')
    expect(console.error).toHaveBeenCalled()
  })

  it('falls back to random moves when the engine fails during a search, and answers this move', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { engine, store, play, game } = setup()
    store.dispatch(chooseOpponent(7))
    play('e2', 'e4')
    await settle()
    await engine.crash()
    expect(game().opponent).toBe('random')
    expect(game().engineNote).not.toBe('')
    expect(game().computerThinking).toBe(true)
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(game().moves).toHaveLength(2)
  })

  it('switching back to Random keeps the 1 s random reply of the spec', async () => {
    const { engine, store, play, game } = setup()
    store.dispatch(chooseOpponent(1))
    store.dispatch(chooseOpponent('random'))
    play('e2', 'e4')
    await settle()
    expect(engine.searches).toEqual([])
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS - 1)
    expect(game().moves).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(game().moves).toHaveLength(2)
  })
})

describe('playing black', () => {
  it("the computer opens and the player moves black's pieces", () => {
    const { store, game } = setup()
    store.dispatch(choosePlayerColor('black'))
    expect(game().playerColor).toBe('black')
    expect(game().computerThinking).toBe(true)
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(game().moves).toHaveLength(1)
    expect(game().status).toBe('AI moved.')
    // Whatever white opened with, black may not move white's pieces.
    expect(store.dispatch(playMove({ from: 'e2', to: 'e4' }))).toBe(false)
    expect(store.dispatch(playMove({ from: 'e7', to: 'e5' }))).toBe(true)
    expect(game().status).toBe('Player moved.')
  })

  it("says 'Game over. Player wins!' when black mates", () => {
    const fen = 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2'
    const { store, game } = setup({ game: { ...initialGameState, startFen: fen, fen, playerColor: 'black' } })
    expect(store.dispatch(playMove({ from: 'd8', to: 'h4' }))).toBe(true)
    expect(game().status).toBe('Game over. Player wins!')
  })
})

describe('takebacks', () => {
  it("'Takeback' undoes the player's last move and the reply", () => {
    const { store, play, game } = setup()
    play('e2', 'e4')
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    play('d2', 'd4')
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(game().moves).toHaveLength(4)
    expect(store.dispatch(takeBack())).toBe(true)
    expect(game().moves).toHaveLength(2)
    expect(game().moves[0]).toBe('e2e4')
    expect(game().status).toBe('Move taken back.')
    expect(game().fen.split(' ')[1]).toBe('w')
  })

  it('during the reply it undoes the player move and cancels the reply', async () => {
    const { engine, store, play, game } = setup()
    store.dispatch(chooseOpponent(3))
    play('e2', 'e4')
    await settle()
    expect(store.dispatch(takeBack())).toBe(true)
    expect(engine.state.stops).toBe(1)
    expect(game().moves).toEqual([])
    expect(game().fen).toBe(START)
    expect(game().computerThinking).toBe(false)
  })

  it('undoes a mate, so the game goes on', () => {
    const fen = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'
    const { store, play, game } = setup({ game: { ...initialGameState, startFen: fen, fen } })
    play('a1', 'a8')
    expect(game().over).toBe(true)
    store.dispatch(takeBack())
    expect(game().over).toBe(false)
    expect(game().fen).toBe(fen)
  })

  it('is refused when takebacks are switched off, and when the player has not moved', () => {
    const { store, play, game } = setup()
    expect(store.dispatch(takeBack())).toBe(false)
    play('e2', 'e4')
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    store.dispatch(takebacksAllowed(false))
    expect(store.dispatch(takeBack())).toBe(false)
    expect(game().moves).toHaveLength(2)
  })

  it("playing black, the computer's opening move alone is not taken back", () => {
    const { store, game } = setup()
    store.dispatch(choosePlayerColor('black'))
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(store.dispatch(takeBack())).toBe(false)
    expect(game().moves).toHaveLength(1)
  })
})

describe('Load FEN', () => {
  it('starts a game from a position; the opponent and colour stay', async () => {
    const { store, play, game } = setup()
    store.dispatch(chooseOpponent(2))
    play('e2', 'e4')
    const fen = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'
    expect(store.dispatch(loadPosition(`  ${fen} `))).toBe(true)
    expect(game()).toMatchObject({ startFen: fen, fen, moves: [], status: '', over: false, opponent: 2 })
    expect(store.dispatch(playTypedMove('Ra8'))).toBe(true)
    expect(game().status).toBe('Game over. Player wins!')
  })

  it('when the loaded position has the computer to move, the computer answers', async () => {
    const { store, game } = setup()
    expect(store.dispatch(loadPosition(AFTER_E4))).toBe(true)
    expect(game().computerThinking).toBe(true)
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(game().moves).toHaveLength(1)
  })

  it("says 'Invalid position.' for a bad FEN or a finished position, and keeps the game", () => {
    const { store, play, game } = setup()
    play('e2', 'e4')
    for (const bad of ['hello', '8/8/8/8/8/8/8/8 w - - 0 1', 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1']) {
      expect(store.dispatch(loadPosition(bad))).toBe(false)
      expect(game().positionError).toBe('Invalid position.')
      expect(game().moves).toEqual(['e2e4'])
    }
    store.dispatch(loadPosition(START))
    expect(game().positionError).toBe('')
  })
})

describe('a stored game', () => {
  it('that no longer replays starts afresh when the board mounts', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { store, game } = setup({ game: { ...initialGameState, moves: ['e2e5'], fen: AFTER_E4 } })
    store.dispatch(resumeGame())
    expect(game().moves).toEqual([])
    expect(game().fen).toBe(START)
  })

  it('with a level chosen starts the engine when the board mounts', async () => {
    const { engine, store, game } = setup({ game: { ...initialGameState, opponent: 5 } })
    store.dispatch(resumeGame())
    await settle()
    expect(engine.starts).toBe(1)
    expect(game().engine).toBe('ready')
  })
})
