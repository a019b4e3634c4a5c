import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { readGameLink } from '@domain/chess/gameLink'
import { type GameReport, JUDGEMENT_GLYPHS, worstMoves } from '@domain/chess/gameReport'
import { readMoveText, sanOfDrop } from '@domain/chess/moveText'
import { playInTree, treeFromFen } from '@domain/chess/moveTree'
import { mainLine, numbered, parsePgn, type ParsedLine } from '@domain/chess/pgn'
import type { Side } from '@domain/chess/vocabulary'
import { ChessBoard, type BoardMove } from '@/features/game/ChessBoard'
import { endNode, nextNode, previousNode, START } from '@/features/lines/lineNavigation'
import { MoveTree } from '@/features/lines/MoveTree'
import { StepButtons } from '@/features/lines/StepButtons'
import { isAnalysisStart } from './analysisStart'
import { KeptGame } from './KeptGame'
import { type KeptGameOpened, KeptMistakes } from './KeptMistakes'
import { EngineLines, EvalBar } from './EnginePanel'
import { EvalGraph } from './EvalGraph'
import { evaluationOf, turnOf } from './evaluation'
import { LoadGame } from './LoadGame'
import { GameOpening, OpeningName } from './OpeningName'
import { ReportPanel } from './ReportPanel'
import { ShareGame } from './ShareGame'
import { type LiveState, useEngineHandle, useLiveAnalysis } from './useAnalysisEngine'
import { useGameReport } from './useGameReport'
import '@/features/lines/lines.css'
import './analysis.css'

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

/**
 * The game handed over in the router state ('Analyse this game'…), a game link's (?moves=…&ply=…, shown at its move,
 * with a sentence when the link does not read), or the start position.
 */
function initialLine(
  state: unknown,
  search: string,
): { line: ParsedLine; report: boolean; current?: number; notice?: string } {
  const start = (state as { analysis?: unknown } | null)?.analysis
  if (isAnalysisStart(start)) {
    try {
      if (start.pgn) return { line: parsePgn(start.pgn), report: !!start.report }
      if (start.fen) return { line: treeFromFen(start.fen), report: false }
    } catch {
      // A game that does not read opens the start position.
    }
  }
  const linked = readGameLink(search)
  if (linked) return { line: linked.line, report: false, current: linked.current, notice: linked.problem }
  return { line: treeFromFen(START_FEN), report: false }
}

const KEYS: Record<string, (line: ParsedLine, id: number) => number> = {
  ArrowRight: nextNode,
  ArrowLeft: previousNode,
  Home: () => START,
  End: endNode,
}

/** /analysis: a board with a tree of moves, the engine's evaluation and best lines, and the game report. */
export default function AnalysisPage() {
  const location = useLocation()
  const [opened] = useState(() => initialLine(location.state, location.search))
  const [{ line, current }, setTree] = useState({ line: opened.line, current: opened.current ?? START })
  const [flipped, setFlipped] = useState(false)
  const [engineOn, setEngineOn] = useState(false)
  const engine = useEngineHandle()
  const report = useGameReport(engine)
  const [reported, setReported] = useState<number[]>([])
  const [mistake, setMistake] = useState(-1)
  const [keptGame, setKeptGame] = useState<KeptGameOpened | null>(null)
  const node = line.nodes[current]
  const live = useLiveAnalysis(engine, node.fen, engineOn && report.state.status !== 'running')

  const analyseGame = useAnalyseGame(report, setReported, setMistake, opened.report ? opened.line : null)

  const done = report.state.status === 'done' ? report.state.report : null
  const marks = useMemo(() => marksOf(done, reported), [done, reported])
  const shownPly = reported.indexOf(current)
  const shownMove = done && shownPly >= 0 ? done.moves[shownPly] : undefined
  const reportedSans = useMemo(() => reported.map((id) => line.nodes[id].san), [reported, line])

  const go = (id: number) => setTree((t) => ({ ...t, current: id }))
  function load(next: ParsedLine) {
    report.clear()
    setReported([])
    setKeptGame(null)
    setTree({ line: next, current: START })
  }
  const openGame = useOpenGame(report, setTree, setReported, setMistake, setKeptGame)
  function onMove({ from, to }: BoardMove): boolean {
    const san = sanOfDrop(node.fen, from, to)
    const played = san ? playInTree(line, current, san) : null
    if (!played) return false
    setTree({ line: played.line, current: played.id })
    return true
  }
  function nextMistake() {
    if (!done) return
    const order = worstMoves(done)
    const next = (mistake + 1) % order.length
    setMistake(next)
    go(reported[order[next]])
  }
  function onKeyDown(e: React.KeyboardEvent) {
    const step = KEYS[e.key]
    if (!step || e.altKey || e.ctrlKey || e.metaKey || e.target instanceof HTMLTextAreaElement) return
    if (e.target instanceof HTMLInputElement) return
    e.preventDefault()
    go(step(line, current))
  }

  return (
    <section className="page analysis" onKeyDown={onKeyDown}>
      <h1>Analysis</h1>
      <OpeningName line={line} at={current} />
      <div className="analysis__layout">
        <AnalysisBoard
          line={line}
          current={current}
          live={live}
          better={shownMove?.better}
          engineOn={engineOn}
          flipped={flipped}
          onMove={onMove}
        />
        <div className="analysis__side">
          <div className="row analysis__controls">
            <StepButtons line={line} current={current} go={go} />
            <ToggleButtons
              flipped={flipped}
              setFlipped={setFlipped}
              engineOn={engineOn}
              setEngineOn={setEngineOn}
            />
          </div>
          <EngineLines live={live} fen={node.fen} />
          <MoveTree line={line} current={current} onSelect={go} marks={marks} />
          <ReportPanel
            state={report.state}
            moves={mainLine(line).length}
            onStart={() => analyseGame(line)}
            onCancel={report.cancel}
            onNextMistake={nextMistake}
            shown={
              shownMove ? { move: shownMove, text: numbered(node.moveNumber, node.color, node.san) } : null
            }
          />
          <KeptMistakes game={keptGame} report={done} sans={reportedSans} />
          <EvalGraph report={done} reported={reported} current={current} onSelect={go} />
          <ShareGame line={line} current={current} report={done} reported={reported} notice={opened.notice} />
          {done && <GameOpening line={line} />}
          <KeptGame onOpen={openGame} />
          <LoadGame onLoad={load} />
        </div>
      </div>
    </section>
  )
}

/**
 * Reports a game, whose main line the report's moves are mapped to; `handedOver`, a game handed over with its report
 * asked for, is reported once, as the page opens.
 */
function useAnalyseGame(
  report: ReturnType<typeof useGameReport>,
  setReported: (ids: number[]) => void,
  setMistake: (index: number) => void,
  handedOver: ParsedLine | null,
) {
  function analyseGame(game: ParsedLine) {
    setReported(mainLine(game))
    setMistake(-1)
    void report.start(game)
  }
  const autoStarted = useRef(false)
  useEffect(() => {
    if (autoStarted.current || !handedOver) return
    autoStarted.current = true
    analyseGame(handedOver)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the game handed over is reported once, as the page opens
  }, [])
  return analyseGame
}

/** The report's judgement of each reported move, as a glyph by node id. */
function marksOf(done: GameReport | null, reported: number[]): Record<number, string> {
  const out: Record<number, string> = {}
  done?.moves.forEach((m) => m.judgement && (out[reported[m.ply]] = JUDGEMENT_GLYPHS[m.judgement]))
  return out
}

/**
 * Opens a kept game (or a visitor's last one) with its report, as 'Analyse this game' does; a kept game's mistakes
 * are then kept as puzzles.
 */
function useOpenGame(
  report: ReturnType<typeof useGameReport>,
  setTree: (tree: { line: ParsedLine; current: number }) => void,
  setReported: (ids: number[]) => void,
  setMistake: (index: number) => void,
  setKeptGame: (game: KeptGameOpened | null) => void,
) {
  const { clear, start } = report
  return useCallback(
    (pgn: string, kept?: { id: string; colour: Side }) => {
      let game: ParsedLine
      try {
        game = parsePgn(pgn)
      } catch (error) {
        console.error('A kept game could not be read', error)
        return
      }
      clear()
      setTree({ line: game, current: START })
      const ids = mainLine(game)
      setReported(ids)
      setMistake(-1)
      setKeptGame(kept ? { ...kept, sans: ids.map((id) => game.nodes[id].san) } : null)
      void start(game)
    },
    [clear, start, setTree, setReported, setMistake, setKeptGame],
  )
}

/** The board, with the engine's bar beside it and arrows for its best move and the report's better one. */
function AnalysisBoard(props: {
  line: ParsedLine
  current: number
  live: LiveState
  /** The report's better move than the one shown, if any. */
  better?: string
  engineOn: boolean
  flipped: boolean
  onMove: (move: BoardMove) => boolean
}) {
  const { line, current, live } = props
  const node = line.nodes[current]
  const last = current === START ? null : readMoveText(line.nodes[node.parent].fen, node.san)
  const lines = live.status === 'on' && live.fen === node.fen ? live.lines : []
  const evaluation = lines[0] ? evaluationOf(lines[0].score, turnOf(node.fen)) : null
  const best = lines[0]?.pv[0]
  const better = props.better ? readMoveText(line.nodes[node.parent].fen, props.better) : null
  const arrows = [
    ...(best
      ? [{ startSquare: best.slice(0, 2), endSquare: best.slice(2, 4), color: 'rgba(21, 101, 192, 0.8)' }]
      : []),
    ...(better ? [{ startSquare: better.from, endSquare: better.to, color: 'rgba(46, 125, 50, 0.6)' }] : []),
  ]
  const gameOver = node.children.length === 0 && evaluation !== null && 'won' in evaluation
  return (
    <div className="analysis__board-row">
      {props.engineOn && <EvalBar evaluation={evaluation} />}
      <div className="analysis__board">
        <ChessBoard
          id="analysis"
          fen={node.fen}
          orientation={props.flipped ? 'black' : 'white'}
          mover={gameOver ? null : turnOf(node.fen) === 'w' ? 'white' : 'black'}
          onMove={props.onMove}
          lastMove={last ? [last.from, last.to] : []}
          label="Analysis board: play any move"
          arrows={arrows}
        />
      </div>
    </div>
  )
}

/** 'Flip board' and 'Engine', each pressed while on. */
function ToggleButtons(props: {
  flipped: boolean
  setFlipped: React.Dispatch<React.SetStateAction<boolean>>
  engineOn: boolean
  setEngineOn: React.Dispatch<React.SetStateAction<boolean>>
}) {
  const { flipped, setFlipped, engineOn, setEngineOn } = props
  return (
    <>
      <button type="button" className="btn" onClick={() => setFlipped((f) => !f)} aria-pressed={flipped}>
        Flip board
      </button>
      <button type="button" className="btn" onClick={() => setEngineOn((on) => !on)} aria-pressed={engineOn}>
        Engine
      </button>
    </>
  )
}
