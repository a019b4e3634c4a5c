// Puzzles: the next puzzle, one puzzle by its id, the counts, the caller's puzzle rating and their attempts; the
// puzzles to review (the caller's own mistakes kept from their games, the rated puzzles they failed) and their
// reviews. (The puzzle of the day is /home's: src/features/home/dailyPuzzleEndpoints.ts.)
import { generatedPuzzlesApi } from '@/api/generated/puzzlesApi'
import { TAG_TYPES } from '@/api/tags'

const rating = { type: 'Puzzle' as const, id: 'RATING' }
const toReview = { type: 'Puzzle' as const, id: 'REVIEW' }

// Generated into a file of its own (openapi/codegen.config.cjs): loaded with /puzzles, /review, /analysis and /home's
// daily puzzle only.
export const puzzlesApi = generatedPuzzlesApi.enhanceEndpoints({
  addTagTypes: TAG_TYPES,
  endpoints: {
    // A puzzle never changes once mined; the next one is asked for afresh each time (the server skips those played).
    getNextPuzzle: { providesTags: [], keepUnusedDataFor: 0 },
    getPuzzle: { providesTags: (_r, _e, arg) => [{ type: 'Puzzle', id: arg.puzzleId }] },
    getPuzzleStats: { providesTags: [{ type: 'Puzzle', id: 'LIST' }], keepUnusedDataFor: 3600 },
    getMyPuzzleRating: { providesTags: [rating] },
    // A rated attempt changes the caller's rating, and a failed one puts the puzzle in their review queue; the puzzle
    // shown keeps the rating it had when it was given.
    recordPuzzleAttempt: {
      invalidatesTags: (r, _e, arg) =>
        r?.rated ? [rating, ...(arg.puzzleAttemptInput.solved ? [] : [toReview])] : [],
    },
    getDuePuzzles: { providesTags: [toReview] },
    // Mistakes kept from a game join the queue; a review moves the puzzle's next date.
    keepGameMistakes: { invalidatesTags: (r) => (r?.added ? [toReview] : []) },
    recordPuzzleReview: { invalidatesTags: (r) => (r ? [toReview] : []) },
  },
})

export const {
  useLazyGetNextPuzzleQuery,
  useGetPuzzleQuery,
  useGetPuzzleStatsQuery,
  useGetMyPuzzleRatingQuery,
  useRecordPuzzleAttemptMutation,
  useGetDuePuzzlesQuery,
  useKeepGameMistakesMutation,
  useRecordPuzzleReviewMutation,
} = puzzlesApi
