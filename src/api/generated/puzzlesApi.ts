import { baseApi as api } from '../baseApi'
export const addTagTypes = ['Puzzles'] as const
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getNextPuzzle: build.query<GetNextPuzzleApiResponse, GetNextPuzzleApiArg>({
        query: (queryArg) => ({
          url: `/api/puzzles/next`,
          params: {
            theme: queryArg.theme,
            difficulty: queryArg.difficulty,
            after: queryArg.after,
          },
        }),
        providesTags: ['Puzzles'],
      }),
      getDailyPuzzle: build.query<GetDailyPuzzleApiResponse, GetDailyPuzzleApiArg>({
        query: () => ({ url: `/api/puzzles/daily` }),
        providesTags: ['Puzzles'],
      }),
      getPuzzleStats: build.query<GetPuzzleStatsApiResponse, GetPuzzleStatsApiArg>({
        query: () => ({ url: `/api/puzzles/stats` }),
        providesTags: ['Puzzles'],
      }),
      getMyPuzzleRating: build.query<GetMyPuzzleRatingApiResponse, GetMyPuzzleRatingApiArg>({
        query: () => ({ url: `/api/puzzles/rating` }),
        providesTags: ['Puzzles'],
      }),
      getPuzzle: build.query<GetPuzzleApiResponse, GetPuzzleApiArg>({
        query: (queryArg) => ({ url: `/api/puzzles/${queryArg.puzzleId}` }),
        providesTags: ['Puzzles'],
      }),
      recordPuzzleAttempt: build.mutation<RecordPuzzleAttemptApiResponse, RecordPuzzleAttemptApiArg>({
        query: (queryArg) => ({
          url: `/api/puzzles/${queryArg.puzzleId}/attempts`,
          method: 'POST',
          body: queryArg.puzzleAttemptInput,
        }),
        invalidatesTags: ['Puzzles'],
      }),
      keepGameMistakes: build.mutation<KeepGameMistakesApiResponse, KeepGameMistakesApiArg>({
        query: (queryArg) => ({
          url: `/api/games/${queryArg.gameId}/mistakes`,
          method: 'POST',
          body: queryArg.gameMistakesInput,
        }),
        invalidatesTags: ['Puzzles'],
      }),
      getDuePuzzles: build.query<GetDuePuzzlesApiResponse, GetDuePuzzlesApiArg>({
        query: () => ({ url: `/api/reviews/puzzles` }),
        providesTags: ['Puzzles'],
      }),
      recordPuzzleReview: build.mutation<RecordPuzzleReviewApiResponse, RecordPuzzleReviewApiArg>({
        query: (queryArg) => ({
          url: `/api/reviews/puzzles/${queryArg.reviewPuzzleId}`,
          method: 'POST',
          body: queryArg.puzzleReviewInput,
        }),
        invalidatesTags: ['Puzzles'],
      }),
    }),
    overrideExisting: false,
  })
export { injectedRtkApi as generatedPuzzlesApi }
export type GetNextPuzzleApiResponse = /** status 200 A puzzle */ Puzzle
export type GetNextPuzzleApiArg = {
  theme?: PuzzleTheme
  difficulty?: PuzzleDifficulty
  /** The puzzle just shown, never answered again (a visitor's 'next') */
  after?: PuzzleId
}
export type GetDailyPuzzleApiResponse = /** status 200 The puzzle of the day */ Puzzle
export type GetDailyPuzzleApiArg = void
export type GetPuzzleStatsApiResponse = /** status 200 The counts */ PuzzleStats
export type GetPuzzleStatsApiArg = void
export type GetMyPuzzleRatingApiResponse = /** status 200 The caller's puzzle rating */ PuzzleRating
export type GetMyPuzzleRatingApiArg = void
export type GetPuzzleApiResponse = /** status 200 The puzzle */ Puzzle
export type GetPuzzleApiArg = {
  puzzleId: PuzzleId
}
export type RecordPuzzleAttemptApiResponse =
  /** status 200 The attempt, and the caller's puzzle rating after it */ PuzzleAttemptResult
export type RecordPuzzleAttemptApiArg = {
  puzzleId: PuzzleId
  puzzleAttemptInput: PuzzleAttemptInput
}
export type KeepGameMistakesApiResponse =
  /** status 200 How many personal puzzles were added, and how many the game has now */ GameMistakesResult
export type KeepGameMistakesApiArg = {
  gameId: Id
  gameMistakesInput: GameMistakesInput
}
export type GetDuePuzzlesApiResponse = /** status 200 The due puzzles */ DuePuzzles
export type GetDuePuzzlesApiArg = void
export type RecordPuzzleReviewApiResponse = /** status 200 When the puzzle is next due */ PuzzleReviewResult
export type RecordPuzzleReviewApiArg = {
  reviewPuzzleId: Id
  puzzleReviewInput: PuzzleReviewInput
}
export type PuzzleId = string
export type PuzzleTheme =
  | 'mateIn1'
  | 'mateIn2'
  | 'mateIn3'
  | 'advantage'
  | 'crushing'
  | 'opening'
  | 'middlegame'
  | 'endgame'
  | 'short'
  | 'long'
  | 'fork'
  | 'hangingPiece'
  | 'backRankMate'
export type Puzzle = {
  id: PuzzleId
  /** The position before the opponent's last move */
  fen: string
  /** The moves in UCI: the first is the opponent's move, then the solver's moves and the opponent's replies in turn */
  moves: string[]
  /** The puzzle's Glicko-2 rating */
  rating: number
  themes: PuzzleTheme[]
  /** How many rated attempts it has had */
  plays: number
}
export type Problem = {
  type: string
  title: string
  status: number
  detail?: string
  instance?: string
}
export type PuzzleDifficulty = 'easier' | 'normal' | 'harder'
export type PuzzleStats = {
  total: number
  /** Puzzles of each theme (every theme key, 0 included) */
  byTheme: {
    [key: string]: number
  }
}
export type PuzzleRating = {
  rating: number
  /** The rating's deviation (Glicko-2's RD): 350 before the first puzzle, smaller with more played */
  deviation: number
  /** Rated puzzles played */
  played: number
}
export type PuzzleAttemptResult = {
  /** Whether this attempt was rated (the caller's first on this puzzle) */
  rated: boolean
  /** The caller's puzzle rating after the attempt */
  rating: number
  /** How the caller's rating changed (0 when not rated) */
  change: number
  /** The puzzle's rating after the attempt */
  puzzleRating: number
}
export type PuzzleAttemptInput = {
  solved: boolean
}
export type GameMistakesResult = {
  /** New personal puzzles (a ply kept before adds none) */
  added: number
  /** The game's personal puzzles now */
  total: number
}
export type Id = string
export type MistakeMark = '?' | '??'
export type GameMistake = {
  /** The move's index in the game (0 is the first move) */
  ply: number
  /** The engine's move in the position before the move played, in SAN as the report gives it */
  better: string
  mark: MistakeMark
}
export type GameMistakesInput = {
  mistakes: GameMistake[]
}
export type ReviewPuzzle = {
  id: Id
  /** A personal puzzle from a mistake of a kept game, or a rated puzzle the caller failed */
  kind: 'mistake' | 'puzzle'
  /** The position where the solver moves */
  fen: string
  /** The opponent's move that led to `fen`, in UCI; null at a game's first move */
  lastMove: string | null
  /** The moves in UCI: the solver's move first, then the replies and the solver's moves in turn (a mistake: the engine's move only) */
  moves: string[]
  /** The move played, in SAN (a mistake); null for a puzzle */
  played: string | null
  /** The report's mark of the move played (a mistake); null for a puzzle */
  mark: MistakeMark | null
  /** The kept game of a mistake; null for a puzzle */
  gameId: Id | null
  /** The rated puzzle; null for a mistake */
  puzzleId: PuzzleId | null
  dueAt: string
}
export type DuePuzzles = {
  /** At most 50, most overdue first */
  due: ReviewPuzzle[]
  /** The earliest puzzle not yet due; null when none is scheduled */
  nextDueAt: string | null
}
export type PuzzleReviewResult = {
  /** When the puzzle is next due */
  dueAt: string
}
export type PuzzleReviewInput = {
  solved: boolean
}
