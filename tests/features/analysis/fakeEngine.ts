// A fake of the engine's worker for the analysis page's tests: it speaks UCI and scores the positions of Scholar's
// mate as an engine would (White slightly better, 3... Nf6 a blunder allowing mate in one, g6 the better move).

export const SCHOLAR = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0'
const AFTER_NF6 = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
const MATED = 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4'
const BEFORE_NF6 = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3'

/**
 * Answers a test gives for positions of its own (FEN → info line and best move), before the ones above; a test that
 * fills it empties it after.
 */
export const extraAnswers = new Map<string, [string, string]>()

/** What the fake engine answers for a position: an info line (score and pv) and the best move. */
function answerFor(fen: string): [string, string] {
  const extra = extraAnswers.get(fen)
  if (extra) return extra
  if (fen === AFTER_NF6) return ['score mate 1 pv h5f7', 'h5f7']
  if (fen === MATED) return ['score mate 0', '(none)']
  if (fen === BEFORE_NF6) return ['score cp 20 pv g7g6 h5f3', 'g7g6']
  return fen.includes(' w ') ? ['score cp 25 pv g1f3', 'g1f3'] : ['score cp -25 pv g8f6', 'g8f6']
}

/** The fake workers started since the list was last emptied, oldest first. */
export const fakeWorkers: FakeWorker[] = []

export class FakeWorker {
  /** The commands the page sent, in order. */
  sent: string[] = []
  fen = ''
  onmessage: ((e: { data: string }) => void) | null = null
  onerror = null
  constructor(public url: string) {
    fakeWorkers.push(this)
  }
  private say(line: string) {
    setTimeout(() => this.onmessage?.({ data: line }), 0)
  }
  postMessage(command: string) {
    this.sent.push(command)
    if (command === 'uci') this.say('uciok')
    if (command === 'isready') this.say('readyok')
    if (command.startsWith('position fen ')) this.fen = command.slice('position fen '.length)
    if (command.startsWith('go ')) {
      const [info, best] = answerFor(this.fen)
      this.say(`info depth 10 seldepth 12 multipv 1 ${info}`)
      this.say(`bestmove ${best}`)
    }
  }
  terminate() {}
}
