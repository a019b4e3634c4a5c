import { baseApi as api } from '../baseApi'
export const addTagTypes = ['Progress'] as const
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      recordModulePuzzle: build.mutation<RecordModulePuzzleApiResponse, RecordModulePuzzleApiArg>({
        query: (queryArg) => ({
          url: `/api/modules/${queryArg.moduleId}/puzzles/${queryArg.index}`,
          method: 'PUT',
          body: queryArg.puzzleAttemptInput,
        }),
        invalidatesTags: ['Progress'],
      }),
    }),
    overrideExisting: false,
  })
export { injectedRtkApi as generatedPuzzleSetsApi }
export type RecordModulePuzzleApiResponse =
  /** status 200 The caller's results of the module's puzzles, as kept */ ModulePuzzleResults
export type RecordModulePuzzleApiArg = {
  moduleId: Id
  /** The puzzle's place in the module's set, from 0 to 99, in decimal digits */
  index: string
  puzzleAttemptInput: PuzzleAttemptInput
}
export type Id = string
export type ModulePuzzleResults = {
  moduleId: Id
  /** The caller's result of each puzzle of the set, in order (null not tried yet) */
  puzzleResults: (boolean | null)[]
  /** Whether the module is completed for the caller (every puzzle has a result, or before) */
  completed: boolean
}
export type Problem = {
  type: string
  title: string
  status: number
  detail?: string
  instance?: string
}
export type PuzzleAttemptInput = {
  solved: boolean
}
