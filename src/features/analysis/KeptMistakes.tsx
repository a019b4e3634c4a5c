import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { GameMistake, GameMistakesResult } from '@/api/generated/puzzlesApi'
import { ErrorMessage } from '@/components/ErrorMessage'
import { useKeepGameMistakesMutation } from '@/features/puzzles/puzzlesEndpoints'
import { type GameReport, JUDGEMENT_GLYPHS } from '@domain/chess/gameReport'
import { colorOf, type San, type Side } from '@domain/chess/vocabulary'

/** One of the player's kept games open on the board: its id, the side they played and its moves. */
export interface KeptGameOpened {
  id: string
  colour: Side
  sans: San[]
}

/** The most mistakes one game sends (the contract's limit). */
const MAX_MISTAKES = 200

/** The player's own mistakes ('?') and blunders ('??') of a report, each with the engine's better move. */
export function mistakesOf(report: GameReport, colour: Side): GameMistake[] {
  const mistakes: GameMistake[] = []
  for (const { ply, color, judgement, better } of report.moves)
    if (color === colorOf(colour) && better && (judgement === 'mistake' || judgement === 'blunder'))
      mistakes.push({ ply, better, mark: JUDGEMENT_GLYPHS[judgement] as GameMistake['mark'] })
  return mistakes.slice(0, MAX_MISTAKES)
}

const sameMoves = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((san, i) => san === b[i])

type Kept = { report: GameReport } & ({ result: GameMistakesResult } | { failed: true })

/**
 * Under the report of one of the player's kept games: their mistakes and blunders kept as puzzles to review, once
 * per report, and how many were added. Nothing is sent for another game on the board, nor said when there were none.
 */
export function KeptMistakes({
  game,
  report,
  sans,
}: {
  game: KeptGameOpened | null
  report: GameReport | null
  /** The moves of the game the report judged. */
  sans: readonly San[]
}) {
  const [keepMistakes] = useKeepGameMistakesMutation()
  const [kept, setKept] = useState<Kept | null>(null)
  const sent = useRef<GameReport | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!game || !report || sent.current === report || !sameMoves(game.sans, sans)) return
    sent.current = report
    const mistakes = mistakesOf(report, game.colour)
    if (!mistakes.length) return
    keepMistakes({ gameId: game.id, gameMistakesInput: { mistakes } })
      .unwrap()
      .then(
        (result) => setKept({ report, result }),
        () => setKept({ report, failed: true }),
      )
  }, [game, report, sans, keepMistakes, attempt])

  if (!kept || kept.report !== report) return null
  if ('failed' in kept)
    return (
      <div className="row">
        <ErrorMessage>Your mistakes could not be added to your review.</ErrorMessage>
        <button
          type="button"
          className="btn"
          onClick={() => {
            sent.current = null
            setKept(null)
            setAttempt((n) => n + 1)
          }}
        >
          Try again
        </button>
      </div>
    )
  const { added, total } = kept.result
  const asPuzzles = (n: number) => (n === 1 ? '1 mistake' : `${n} mistakes`)
  const puzzles = (n: number) => (n === 1 ? 'a puzzle' : 'puzzles')
  return (
    <p role="status">
      {added > 0
        ? `${asPuzzles(added)} added to your review as ${puzzles(added)}.`
        : `${asPuzzles(total)} of this game ${total === 1 ? 'is' : 'are'} in your review as ${puzzles(total)}.`}{' '}
      <Link to="/review">Review them</Link>
    </p>
  )
}
