import { baseApi as api } from '../baseApi'
export const addTagTypes = ['Module'] as const
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getPreviewModule: build.query<GetPreviewModuleApiResponse, GetPreviewModuleApiArg>({
        query: (queryArg) => ({ url: `/api/modules/${queryArg.moduleId}/preview` }),
        providesTags: ['Module'],
      }),
    }),
    overrideExisting: false,
  })
export { injectedRtkApi as generatedPreviewsApi }
export type GetPreviewModuleApiResponse =
  /** status 200 The module, and its uploaded video (signed URLs) when it has one */ ModulePreview
export type GetPreviewModuleApiArg = {
  moduleId: Id
}
export type Id = string
export type ModuleLine = {
  /** Moves in PGN (comments, variations, a start position through the SetUp and FEN tags), at most 64 KB of UTF-8 and 1,500 moves */
  pgn: string
  /** The side the student plays when practising */
  side: 'white' | 'black'
}
export type SetPuzzle = {
  /** The position the student solves from (the side to move is the solver), as FEN */
  fen: string
  /** The solution in UCI from the solver's first move: the solver's moves and the opponent's replies in turn, ending with the solver's */
  moves: string[]
}
export type Module = {
  _id: Id
  title: string
  description: string
  /** Null for a module that is a line or a puzzle set alone (no video) */
  videoUrl: string | null
  videoId: string | null
  courseId: Id
  position: number
  /** The module's line (moves to step through and practise); null when it has none */
  line: ModuleLine | null
  /** The module's puzzle set, solved in order; null when it has none */
  puzzles: SetPuzzle[] | null
  /** The caller's own result of each puzzle of the set, in the set's order (true solved, false failed, null not tried yet); null when the module has no puzzle set */
  puzzleResults: (boolean | null)[] | null
  /** 'Free preview': while the course is published everyone, visitors included, may watch or play the module (getPreviewModule); the others stay for those who may read the course's modules */
  freePreview: boolean
}
export type Video = {
  _id: Id
  courseId: Id
  /** A short-lived signed URL that streams the file (range requests work): on this server, or with object storage (MEDIA_STORAGE=s3) a presigned URL of the storage itself, valid as long (MEDIA_URL_TTL) */
  filePath: string
  mimeType: string
  size: number
  originalName: string
  /** A short-lived signed URL of the video's WebVTT captions; absent when it has none */
  captionsUrl?: string
  /** A short-lived signed URL of the video's poster frame (JPEG, at 10 % of its length); absent until the server has taken it (in the background, where ffmpeg is installed) */
  posterUrl?: string
  /** The video's length in seconds, as ffprobe reads it; absent until the server has taken it */
  durationSeconds?: number
}
export type ModulePreview = {
  module: Module
  video?: Video
}
export type Problem = {
  type: string
  title: string
  status: number
  detail?: string
  instance?: string
}
