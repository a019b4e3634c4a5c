// A practice game that ends is kept once: the listener runs on the move that ends it (not on a render). The board
// adds it while it is mounted (a game ends only there: the computer's reply is cancelled when the board goes), so its
// code loads with the board rather than in every page's first scripts; the saver loads when a game ends.
import { useEffect } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { addAppListener } from '@/app/listeners'
import { gamePgn, gameResult } from './gamePgn'
import { moveMade } from './gameSlice'

/** The listener itself (one entry however often it is added: the same effect is kept once). */
export const gameEndListener = addAppListener({
  actionCreator: moveMade,
  effect: async function keepEndedGame(action, listener) {
    if (!action.payload.over) return
    const { game, auth } = listener.getState()
    const result = gameResult(game)
    if (!result) return
    const pgn = gamePgn(game)
    const { keepFinishedGame } = await import('./gameSaver')
    await keepFinishedGame({ pgn, result, game }, Boolean(auth.token), listener.dispatch)
  },
})

/** Keeps each finished game while the calling component (the practice board) is mounted. */
export function useKeepEndedGames() {
  const dispatch = useAppDispatch()
  useEffect(() => dispatch(gameEndListener), [dispatch])
}
