// A practice game is kept as it ends: a signed-in player's once on the server (a retried save keeps one game), a
// visitor's in this browser. The store is the app's own with the listener the practice board adds, answered by the
// real server.
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { config } from '@/app/config'
import { makeStore } from '@/app/store'
import { legalMoves } from '@domain/chess/chessRules'
import type { Clock, RandomSource } from '@/features/game/computerOpponent'
import { gameEndListener } from '@/features/game/gameListeners'
import { gamePgn } from '@/features/game/gamePgn'
import { keepFinishedGame } from '@/features/game/gameSaver'
import { playMove, resumeGame } from '@/features/game/gameThunks'
import { LAST_GAME_KEY, readLastGame } from '@/features/game/lastGame'
import { query, seedUser, sessionOf } from '../../helpers/backend'
import { server } from '../../helpers/mswServer'

/** The computer answers at once (a timer of 0 ms instead of 1 s). */
const quickClock: Clock = {
  setTimeout: (run) => globalThis.setTimeout(run, 0),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

function gameStore(auth?: ReturnType<typeof sessionOf>) {
  let dice: RandomSource = Math.random
  const store = makeStore(auth ? { auth } : undefined, { clock: quickClock, random: () => dice() })
  // as the board does while mounted; added twice (a remount), it is still one listener
  store.dispatch(gameEndListener)
  store.dispatch(gameEndListener)
  /** The player's move, then the computer's `reply` (the dice rigged for it). */
  async function play(from: string, to: string, reply?: string) {
    expect(store.dispatch(playMove({ from, to }))).toBe(true)
    if (!reply) return
    const { moves, startFen } = store.getState().game
    const candidates = legalMoves(moves, startFen)
    const index = candidates.indexOf(reply)
    expect(index, `${reply} is legal`).toBeGreaterThanOrEqual(0)
    dice = () => (index + 0.5) / candidates.length
    const plies = moves.length + 1
    await waitFor(() => expect(store.getState().game.moves).toHaveLength(plies))
  }
  return { store, play }
}

/** 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#, the computer playing Black's moves. */
async function scholarsMate(play: ReturnType<typeof gameStore>['play']) {
  await play('e2', 'e4', 'e7e5')
  await play('f1', 'c4', 'b8c6')
  await play('d1', 'h5', 'g8f6')
  await play('h5', 'f7')
}

type GameRow = { pgn: string; result: string; opponent_level: string; colour: string; moves: number }
const keptGames = () =>
  query<GameRow>('SELECT pgn, result, opponent_level, colour, moves FROM games ORDER BY played_at')
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a finished practice game', () => {
  it("is kept once on the server for a signed-in player: the PGN, '1-0', Random, white", async () => {
    const me = seedUser({ username: 'keeper' })
    const { store, play } = gameStore(sessionOf(me))
    await scholarsMate(play)
    expect(store.getState().game.over).toBe(true)
    await waitFor(async () => expect(await keptGames()).toHaveLength(1))
    const [game] = await keptGames()
    expect(game).toMatchObject({ result: '1-0', opponent_level: 'random', colour: 'white', moves: 7 })
    expect(game.pgn).toMatch(/1\. e4 e5 2\. Bc4 Nc6 3\. Qh5 Nf6 4\. Qxf7# 1-0/)
    // The board mounting again (a reload, a return to /home) resumes the finished game without keeping it again.
    store.dispatch(resumeGame())
    await pause(100)
    expect(await keptGames()).toHaveLength(1)
    expect(localStorage.getItem(LAST_GAME_KEY)).toBeNull()
  })

  it('stays in the browser for a visitor, and nothing reaches the server', async () => {
    const { play } = gameStore()
    await scholarsMate(play)
    await waitFor(() => expect(readLastGame()?.pgn).toMatch(/4\. Qxf7# 1-0/))
    expect(await keptGames()).toEqual([])
  })

  it('is kept once when the answer to a save is lost and the save is sent again', async () => {
    const me = seedUser({ username: 'retrier' })
    const { store, play } = gameStore()
    await scholarsMate(play) // as a visitor: the listener keeps it in the browser only
    localStorage.clear()
    const keys: string[] = []
    server.use(
      http.post(`${config.apiBaseUrl}/api/games`, async ({ request }) => {
        const body = (await request.clone().json()) as { key: string }
        keys.push(body.key)
        if (keys.length > 1) return undefined // the real server answers
        // The first save reaches the server, but its answer is lost on the way back.
        await fetch(request.clone())
        return HttpResponse.json({ title: 'Service Unavailable', status: 503 }, { status: 503 })
      }),
    )
    const { store: signedIn } = gameStore(sessionOf(me))
    const game = store.getState().game
    await keepFinishedGame({ pgn: gamePgn(game), result: '1-0', game }, true, signedIn.dispatch, () =>
      Promise.resolve(),
    )
    // the first try, the request it forwarded, and the retry: one key
    expect(keys.length).toBe(3)
    expect(new Set(keys).size).toBe(1)
    expect(await keptGames()).toHaveLength(1)
  })
})
