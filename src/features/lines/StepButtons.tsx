import type { ParsedLine } from '@domain/chess/pgn'
import { endNode, nextNode, previousNode, START } from '@/features/lines/lineNavigation'

type Props = { line: ParsedLine; current: number; go: (id: number) => void }

/** First position, previous move, next move, last move: the step buttons of a tree of moves (lines, analysis). */
export function StepButtons({ line, current, go }: Props) {
  const steps = [
    ['|◀', 'First position', START],
    ['◀', 'Previous move', previousNode(line, current)],
    ['▶', 'Next move', nextNode(line, current)],
    ['▶|', 'Last move', endNode(line, current)],
  ] as const
  return steps.map(([sign, label, to]) => (
    <button key={label} type="button" className="btn" onClick={() => go(to)} aria-label={label}>
      {sign}
    </button>
  ))
}
