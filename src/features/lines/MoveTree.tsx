import type { ReactNode } from 'react'
import { numbered, type ParsedLine } from '@domain/chess/pgn'
import { formatVideoTime } from '@domain/chess/videoStamps'

type Props = {
  line: ParsedLine
  current: number
  onSelect: (id: number) => void
  /** Marks written after moves instead of their annotation (the analysis board's report: '??'). */
  marks?: Record<number, string>
  /** The video's second of a stamped move, when the line follows a video. */
  secondOf?: (id: number) => number | undefined
}

/**
 * The moves in SAN, variations in parentheses after the move they replace; the current move is marked, and a move
 * stamped with a second of the video tells it.
 */
export function MoveTree({ line, current, onSelect, marks, secondOf }: Props) {
  const move = (id: number, numberShown: boolean) => {
    const node = line.nodes[id]
    const text =
      numberShown || node.color === 'w' ? numbered(node.moveNumber, node.color, node.san) : node.san
    // The annotation as the author wrote it ('Nf3!?'): chess.js's SAN has none.
    const glyph = marks?.[id] ?? node.glyph
    const annotated = glyph ? `${text}${glyph}` : text
    const second = secondOf?.(id)
    return (
      <button
        key={id}
        type="button"
        className={`line-moves__move${id === current ? ' line-moves__move--current' : ''}${second === undefined ? '' : ' line-moves__move--stamped'}`}
        title={second === undefined ? undefined : `Video ${formatVideoTime(second)}`}
        data-vt={second}
        aria-current={id === current ? 'step' : undefined}
        onClick={() => onSelect(id)}
      >
        {annotated}
      </button>
    )
  }

  /** A line of moves from `first`: each move, then the variations that replace it. */
  const sequence = (first: number, depth: number): ReactNode[] => {
    const out: ReactNode[] = []
    let numberShown = true
    for (let at: number | undefined = first; at !== undefined; at = line.nodes[at].children[0]) {
      out.push(move(at, numberShown))
      numberShown = false
      const siblings: number[] = line.nodes[line.nodes[at].parent].children
      if (siblings[0] === at && siblings.length > 1) {
        for (const alt of siblings.slice(1))
          out.push(
            <span key={`v${alt}`} className="line-moves__variation" data-depth={depth + 1}>
              ({sequence(alt, depth + 1)})
            </span>,
          )
        numberShown = true
      }
    }
    return out
  }

  const first = line.nodes[0].children[0]
  return (
    <nav className="line-moves" aria-label="Moves">
      {first === undefined ? <p className="muted">No moves.</p> : sequence(first, 0)}
    </nav>
  )
}
