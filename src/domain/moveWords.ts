// A move in words for screen readers ('White knight to f3', 'Black castles kingside'), from its SAN: the practice
// board and the lines announce moves with it.
const PIECES: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' }

export function moveInWords(san: string, color: 'w' | 'b'): string {
  const side = color === 'w' ? 'White' : 'Black'
  const move = san.replace(/[!?]+$/, '')
  const suffix = move.endsWith('#') ? ', checkmate' : move.endsWith('+') ? ', check' : ''
  const core = move.replace(/[+#]+$/, '')
  if (/^(O-O-O|0-0-0)/.test(core)) return `${side} castles queenside${suffix}`
  if (/^(O-O|0-0)/.test(core)) return `${side} castles kingside${suffix}`
  const piece = PIECES[core[0]] ?? 'pawn'
  const to = core.match(/[a-h][1-8]/g)?.at(-1) ?? ''
  const promotion = /=([QRBN])/.exec(core)
  const verb = core.includes('x') ? 'takes on' : 'to'
  return `${side} ${piece} ${verb} ${to}${promotion ? `, promotes to ${PIECES[promotion[1]]}` : ''}${suffix}`
}
