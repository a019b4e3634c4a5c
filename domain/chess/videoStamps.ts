// Video time on a line's moves: a move's comment may carry the second of the module's video where the move is
// played, as a PGN command annotation `[%vt m:ss]` (or `h:mm:ss`), and `[%vt-ask]` makes the move a question the
// video pauses on. Being part of the comment, both travel with the PGN through the one reader (pgn.ts) and writer.
// Other command annotations (`[%clk …]`, `[%eval …]`, `[%csl …]`) are kept in the comment but never shown as text.
import type { ParsedLine } from './pgn'

/** What a move's comment says, its command annotations read out of it. */
export interface MoveStamp {
  /** The video's second at which the move is played, if stamped. */
  seconds?: number
  /** `[%vt-ask]`: the video pauses here and the student finds the move. */
  ask: boolean
  /** The comment as a reader sees it: without any `[%…]` command. */
  text: string
}

// `[%vt 1:23]`, `[%vt 1:02:03]`, `[%vt 1:23.5]`; minutes of the m:ss form may exceed 59 (`[%vt 75:00]`).
const VT = /\[%vt\s+(?:(\d{1,2}):)?(\d{1,4}):([0-5]\d(?:\.\d{1,3})?)\s*\]/
const VT_ANY = /\[%vt\s[^\]]*\]/g
const ASK = /\[%vt-ask\s*\]/
const COMMAND = /\[%[^\]]*\]/g
/** The longest video a stamp may name: 99 hours. */
export const MAX_STAMP_SECONDS = 99 * 3600 + 59 * 60 + 59

/** Whether a PGN has a stamped move (a cheap look, without reading the moves). */
export const hasVideoStamps = (pgn: string) => VT.test(pgn)

/**
 * A second of video as a person writes it: '0:07', '12:34', '1:02:03', with its tenths when it has any ('0:02.4');
 * what is finer is dropped, never rounded up past the moment.
 */
export function formatVideoTime(seconds: number): string {
  // in tenths; the small margin keeps 1.4000000000000001 or 96.19999999999999 (sums of stamps) on their tenth
  const tenths = Math.max(0, Math.floor(seconds * 10 + 1e-6))
  const whole = Math.floor(tenths / 10)
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = `${String(whole % 60).padStart(2, '0')}${tenths % 10 ? `.${tenths % 10}` : ''}`
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** 'm:ss' or 'h:mm:ss' (seconds may carry a fraction) to seconds; null if it is not such a time. */
export function parseVideoTime(text: string): number | null {
  const m = VT.exec(`[%vt ${text.trim()}]`)
  if (!m || m[0].length !== `[%vt ${text.trim()}]`.length) return null
  return toSeconds(m)
}

function toSeconds(m: RegExpExecArray): number | null {
  const hours = m[1] === undefined ? 0 : Number(m[1])
  const minutes = Number(m[2])
  if (m[1] !== undefined && minutes > 59) return null
  const seconds = hours * 3600 + minutes * 60 + Number(m[3])
  return seconds <= MAX_STAMP_SECONDS ? seconds : null
}

/** Reads a move's comment: its stamp, whether it asks, and the text to show. */
export function readStamp(comment: string | undefined): MoveStamp {
  if (!comment) return { ask: false, text: '' }
  const m = VT.exec(comment)
  const seconds = m ? toSeconds(m) : null
  return {
    ...(seconds === null ? {} : { seconds }),
    ask: ASK.test(comment),
    text: comment.replace(COMMAND, ' ').replace(/\s+/g, ' ').trim(),
  }
}

/**
 * The comment with the stamp set to `seconds` (or removed, with null), other text and commands kept; the stamp is
 * written first, as `[%vt m:ss]` or `[%vt m:ss.d]` (tenths kept). Undefined when nothing is left.
 */
export function withStamp(comment: string | undefined, seconds: number | null): string | undefined {
  const rest = (comment ?? '').replace(VT_ANY, ' ').replace(/\s+/g, ' ').trim()
  const stamp =
    seconds === null ? '' : `[%vt ${formatVideoTime(Math.min(Math.max(seconds, 0), MAX_STAMP_SECONDS))}]`
  const out = [stamp, rest].filter(Boolean).join(' ')
  return out || undefined
}

/** The comment with `[%vt-ask]` added or removed, the rest kept. Undefined when nothing is left. */
export function withAsk(comment: string | undefined, ask: boolean): string | undefined {
  const rest = (comment ?? '').replace(new RegExp(ASK.source, 'g'), ' ').replace(/\s+/g, ' ').trim()
  const out = ask ? (rest ? `${rest} [%vt-ask]` : '[%vt-ask]') : rest
  return out || undefined
}

/** The comment's shown text replaced by `text`, its commands (stamp, question, others) kept in front. */
export function withText(comment: string | undefined, text: string): string | undefined {
  const commands = (comment ?? '').match(COMMAND) ?? []
  const out = [...commands, text.replace(/\s+/g, ' ').trim()].filter(Boolean).join(' ')
  return out || undefined
}

/** A stamped move of a line: its node id and second. */
export interface StampedMove {
  id: number
  seconds: number
  ask: boolean
}

/**
 * The line's stamped moves, main line and variations alike, ordered by second (a tie keeps the order in which the
 * moves are written: a move before its variations, earlier moves first).
 */
export function stampedMoves(line: ParsedLine): StampedMove[] {
  const out: StampedMove[] = []
  // Depth first, main continuation before variations: the order in which the PGN writes the moves.
  const stack = [...line.nodes[0].children].reverse()
  while (stack.length) {
    const id = stack.pop()!
    const { seconds, ask } = readStamp(line.nodes[id].comment)
    if (seconds !== undefined) out.push({ id, seconds, ask })
    stack.push(...[...line.nodes[id].children].reverse())
  }
  return out
    .map((s, order) => ({ s, order }))
    .sort((a, b) => a.s.seconds - b.s.seconds || a.order - b.order)
    .map(({ s }) => s)
}

/** The node the board shows at `seconds` of the video: the last stamped move at or before it; 0 (the start) if none. */
export function nodeAtSecond(stamps: readonly StampedMove[], seconds: number): number {
  let id = 0
  for (const s of stamps) {
    if (s.seconds > seconds) break
    id = s.id
  }
  return id
}
