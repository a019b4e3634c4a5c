import { useEffect, useRef } from 'react'
import { useAppSelector } from '@/app/hooks'
import { sanMoves } from '@domain/chess/chessRules'
import { selectGame } from './gameSlice'

interface Row {
  number: number
  white?: string
  black?: string
}

/** Pairs the moves by move number; a game from a position with black to move opens with '…' for white. */
function rowsOf(sans: string[], startFen: string): Row[] {
  const [, side, , , , fullmove] = startFen.split(' ')
  const rows: Row[] = []
  let number = Number(fullmove) || 1
  let row: Row = { number }
  let white = side !== 'b'
  if (!white) row.white = '…'
  for (const san of sans) {
    if (white) row.white = san
    else {
      row.black = san
      rows.push(row)
      number += 1
      row = { number }
    }
    white = !white
  }
  if (row.white) rows.push(row)
  return rows
}

/** The game in SAN beside the board: move number, white, black. */
export function MoveList() {
  const { moves, startFen } = useAppSelector(selectGame)
  const rows = rowsOf(sanMoves(moves, startFen), startFen)
  const scroller = useRef<HTMLDivElement>(null)
  // The newest move stays in view. Without moves there is nothing to scroll to, and reading the height would lay the
  // whole page out inside the commit that first shows the board (the longest task of /home's first visit).
  useEffect(() => {
    const box = scroller.current
    if (box && moves.length > 0) box.scrollTop = box.scrollHeight
  }, [moves.length])

  return (
    <div ref={scroller} className="move-list" role="region" aria-label="Moves" tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <abbr title="Move number">No.</abbr>
            </th>
            <th scope="col">White</th>
            <th scope="col">Black</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.number}>
              <td>{row.number}.</td>
              <td>{row.white}</td>
              <td>{row.black}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="move-list__empty">No moves yet.</p>}
    </div>
  )
}
