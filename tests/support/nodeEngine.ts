// The engine the app ships in Node (scripts/node-stockfish.mjs) behind the analysis board's UCI wrapper: the tests
// that need real answers from it (the report's corpus, the puzzles' verification, the wrapper itself).
import { startUciAnalysis, type AnalysisEngine } from '@/features/game/uciAnalysis'
import { nodeStockfish } from '../../scripts/node-stockfish.mjs'

/** A new engine in this thread. */
export const startNodeAnalysis = async (): Promise<AnalysisEngine> => startUciAnalysis(await nodeStockfish())
