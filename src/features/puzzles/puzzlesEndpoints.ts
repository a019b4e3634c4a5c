// Puzzles: the next puzzle, one puzzle by its id, the counts, the caller's puzzle rating and their attempts. (The
// puzzle of the day is /home's: src/features/home/dailyPuzzleEndpoints.ts.)
import { generatedPuzzlesApi } from '@/api/generated/puzzlesApi'
import { TAG_TYPES } from '@/api/tags'

const rating = { type: 'Puzzle' as const, id: 'RATING' }

// Generated into a file of its own (openapi/codegen.config.cjs): loaded with /puzzles and /home's daily puzzle only.
export const puzzlesApi = generatedPuzzlesApi.enhanceEndpoints({
  addTagTypes: TAG_TYPES,
  endpoints: {
    // A puzzle never changes once mined; the next one is asked for afresh each time (the server skips those played).
    getNextPuzzle: { providesTags: [], keepUnusedDataFor: 0 },
    getPuzzle: { providesTags: (_r, _e, arg) => [{ type: 'Puzzle', id: arg.puzzleId }] },
    getPuzzleStats: { providesTags: [{ type: 'Puzzle', id: 'LIST' }], keepUnusedDataFor: 3600 },
    getMyPuzzleRating: { providesTags: [rating] },
    // A rated attempt changes the caller's rating; the puzzle shown keeps the rating it had when it was given.
    recordPuzzleAttempt: { invalidatesTags: (r) => (r?.rated ? [rating] : []) },
  },
})

export const {
  useLazyGetNextPuzzleQuery,
  useGetPuzzleQuery,
  useGetPuzzleStatsQuery,
  useGetMyPuzzleRatingQuery,
  useRecordPuzzleAttemptMutation,
} = puzzlesApi
