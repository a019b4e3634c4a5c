// A game as an address anyone can open: /analysis?moves=e4_e5_Nf3&ply=2 (and fen=… for a game that starts from a
// position). The moves are the SAN of the line leading to the position shown and its continuation, joined by '_',
// without check signs ('+' is a space in a query and '#' would start a fragment); the FEN has '_' for its spaces.
// What a link holds is read back with the PGN reader, so a hand-edited link is refused with the reader's sentence.
import { START_FEN } from './chessRules'
import { fenProblem, pathTo, treeFromFen } from './moveTree'
import { mainLine, parsePgn, PgnError, type ParsedLine } from './pgn'

/** A move as a link writes it: SAN, which starts with a letter, without its check sign. */
const LINK_MOVE = /^[A-Za-z][A-Za-z0-9=-]{1,9}$/

const linkSan = (san: string) => san.replace(/[+#]/g, '')

/**
 * The query of a link to node `current` of the line: `moves` (the moves to it and on along its continuation),
 * `ply` (how many of them are played), and `fen` first when the line does not start from the usual position.
 */
export function gameLinkQuery(line: ParsedLine, current: number): string {
  const played = pathTo(line, current)
  const moves = [...played]
  for (let at = line.nodes[current].children[0]; at !== undefined; at = line.nodes[at].children[0])
    moves.push(at)
  const start = line.nodes[0].fen
  return [
    ...(start === START_FEN ? [] : [`fen=${start.replace(/ /g, '_')}`]),
    `moves=${moves.map((id) => linkSan(line.nodes[id].san)).join('_')}`,
    `ply=${played.length}`,
  ].join('&')
}

/** A game read from a link: its line, the node shown, and why the link was not read in full, if it was not. */
export interface LinkedGame {
  line: ParsedLine
  current: number
  /** A sentence for the person who opened the link, when a part of it could not be read. */
  problem?: string
}

/**
 * The game a link's query holds (`?fen=…&moves=…&ply=…`); null when it holds none. A position or moves that do not
 * read give the start position and a problem; a `ply` that is not in the game gives the game from its start.
 */
export function readGameLink(search: string): LinkedGame | null {
  const params = new URLSearchParams(search)
  const fen = params.get('fen')
  const moves = params.get('moves')
  if (fen === null && moves === null) return null
  const startFen = fen === null ? START_FEN : fen.replace(/[\s_]+/g, ' ').trim()
  if (fenProblem(startFen))
    return {
      line: treeFromFen(START_FEN),
      current: 0,
      problem: "This link's position could not be read, so the board shows the start position.",
    }
  const start = treeFromFen(startFen)
  // A '+' written in an address reads as a space: it separates moves as '_' does.
  const tokens = (moves ?? '')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((token) => token.replace(/[+#]$/, ''))
  const unread = tokens.find((token) => !LINK_MOVE.test(token))
  if (unread !== undefined)
    return {
      line: start,
      current: 0,
      problem: `This link's moves could not be read at '${unread.slice(0, 12)}', so the board shows the start position.`,
    }
  let line: ParsedLine
  try {
    const tags = startFen === START_FEN ? '' : `[SetUp "1"]\n[FEN "${start.nodes[0].fen}"]\n\n`
    line = parsePgn(`${tags}${tokens.join(' ')}`)
  } catch (error) {
    if (!(error instanceof PgnError)) throw error
    return {
      line: start,
      current: 0,
      problem: `This link's moves could not be read (${error.message}), so the board shows the start position.`,
    }
  }
  const ids = mainLine(line)
  const ply = params.get('ply')
  if (ply === null) return { line, current: 0 }
  const index = /^\d{1,4}$/.test(ply) ? Number(ply) : NaN
  if (!(index >= 0 && index <= ids.length))
    return {
      line,
      current: 0,
      problem: `This link's move ${ply.slice(0, 12)} is not in the game, so the game is shown from its start.`,
    }
  return { line, current: index === 0 ? 0 : ids[index - 1] }
}
