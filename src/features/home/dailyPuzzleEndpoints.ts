// The puzzle of the day, shown on /home. Its own file, loaded with the lazy section only (src/features/home/
// DailyPuzzle.tsx), so that /home's first visit does not carry the puzzles' endpoints.
import { generatedPuzzlesApi } from '@/api/generated/puzzlesApi'
import { TAG_TYPES } from '@/api/tags'

export const dailyPuzzleApi = generatedPuzzlesApi.enhanceEndpoints({
  addTagTypes: TAG_TYPES,
  endpoints: {
    // The same puzzle all day for everyone: no attempt changes it.
    getDailyPuzzle: { providesTags: [{ type: 'Puzzle', id: 'DAILY' }], keepUnusedDataFor: 3600 },
  },
})

export const { useGetDailyPuzzleQuery } = dailyPuzzleApi
