// A course's modules, its curriculum and the modules' videos. Module edits show at once: each mutation patches the
// cached lists itself (optimistically, then with the server's answer), so the instructor never waits for a refetch.
import { api, COURSE_CACHE_SECONDS } from '@/api/api'
import type { Module } from '@/api/generated/api'
import { generatedPreviewsApi } from '@/api/generated/previewsApi'
import { generatedPuzzleSetsApi } from '@/api/generated/puzzleSetsApi'
import { myProgressTag, pendingId, studentsId, TAG_TYPES } from '@/api/tags'

const modulesListId = (courseId: string) => `course:${courseId}`
const curriculumId = (courseId: string) => `curriculum:${courseId}`

let tempIds = 0

export const moduleApi = api.enhanceEndpoints({
  endpoints: {
    // Those who may not watch read it; those who change modules never do, so module mutations leave it alone.
    getCourseCurriculum: {
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      providesTags: (_r, _e, arg) => [{ type: 'Module', id: curriculumId(arg.courseId) }],
    },
    getModulesByCourse: {
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      providesTags: (r, _e, arg) => [
        ...(r ?? []).map((m) => ({ type: 'Module' as const, id: m._id })),
        { type: 'Module', id: modulesListId(arg.courseId) },
      ],
    },
    // The mutations invalidate only progress (a new module lowers the percent).
    createModule: {
      invalidatesTags: (r, _e, arg) =>
        r ? [myProgressTag, { type: 'Progress', id: studentsId(arg.moduleInput.courseId) }] : [],
      async onQueryStarted({ moduleInput }, { dispatch, queryFulfilled }) {
        // Safe to show at once: the form already checked the required fields.
        const tempId = pendingId(++tempIds)
        const optimistic: Module = {
          _id: tempId,
          videoId: null,
          position: 0,
          ...moduleInput,
          videoUrl: moduleInput.videoUrl ?? null,
          line: moduleInput.line ?? null,
          puzzles: moduleInput.puzzles ?? null,
          freePreview: moduleInput.freePreview ?? false,
          puzzleResults: moduleInput.puzzles ? moduleInput.puzzles.map(() => null) : null,
        }
        const patch = dispatch(
          api.util.updateQueryData('getModulesByCourse', { courseId: moduleInput.courseId }, (draft) => {
            optimistic.position = draft.length
            draft.push(optimistic)
          }),
        )
        try {
          const { data } = await queryFulfilled
          dispatch(
            api.util.updateQueryData('getModulesByCourse', { courseId: moduleInput.courseId }, (draft) =>
              draft.map((m) => (m._id === tempId ? data : m)),
            ),
          )
        } catch {
          patch.undo()
        }
      },
    },
    updateModule: {
      invalidatesTags: [],
      async onQueryStarted({ moduleId, modulePatch }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle
        const patches = api.util
          .selectCachedArgsForQuery(lifecycle.getState(), 'getModulesByCourse')
          .map((args) =>
            dispatch(
              api.util.updateQueryData('getModulesByCourse', args, (draft) => {
                const found = draft.find((m) => m._id === moduleId)
                if (found) Object.assign(found, modulePatch)
              }),
            ),
          )
        try {
          const { data } = await queryFulfilled
          dispatch(
            api.util.updateQueryData('getModulesByCourse', { courseId: data.courseId }, (draft) =>
              draft.map((m) => (m._id === data._id ? data : m)),
            ),
          )
        } catch {
          patches.forEach((p) => p.undo())
        }
      },
    },
    // The order drives 'Continue' and the progress lists (the next module not completed): those are read again.
    reorderModules: {
      invalidatesTags: (_r, e, arg) =>
        e
          ? []
          : [
              myProgressTag,
              { type: 'Progress', id: studentsId(arg.courseId) },
              { type: 'Module', id: curriculumId(arg.courseId) },
            ],
      async onQueryStarted({ courseId, moduleOrder }, { dispatch, queryFulfilled }) {
        // Safe to show at once: the order names only modules already in the list; a stale one (409) is undone.
        const rank = new Map(moduleOrder.moduleIds.map((id, i) => [id, i]))
        const patch = dispatch(
          api.util.updateQueryData('getModulesByCourse', { courseId }, (draft) =>
            [...draft]
              .sort((a, b) => (rank.get(a._id) ?? draft.length) - (rank.get(b._id) ?? draft.length))
              .map((m, i) => ({ ...m, position: i + 1 })),
          ),
        )
        try {
          const { data } = await queryFulfilled
          dispatch(api.util.updateQueryData('getModulesByCourse', { courseId }, () => data))
        } catch (failure) {
          patch.undo()
          // A stale order (409): modules were added or deleted elsewhere, so the list is read again.
          if ((failure as { error?: { status?: unknown } }).error?.status === 409)
            dispatch(api.util.invalidateTags([{ type: 'Module', id: modulesListId(courseId) }]))
        }
      },
    },
    // A deleted module's progress goes with it (its course is no longer known here: all progress).
    deleteModule: {
      invalidatesTags: (_r, e) => (e ? [] : ['Progress']),
      async onQueryStarted({ moduleId }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle
        const patches = api.util
          .selectCachedArgsForQuery(lifecycle.getState(), 'getModulesByCourse')
          .map((args) =>
            dispatch(
              api.util.updateQueryData('getModulesByCourse', args, (draft) =>
                draft.filter((m) => m._id !== moduleId),
              ),
            ),
          )
        try {
          await queryFulfilled
        } catch {
          patches.forEach((p) => p.undo())
        }
      },
    },
    uploadVideo: {
      invalidatesTags: [],
      // The contract's body is multipart/form-data; the generated query would send JSON.
      query: ({ videoUpload }) => {
        const form = new FormData()
        form.append('courseId', videoUpload.courseId)
        const { file } = videoUpload
        form.append('file', file, file instanceof File ? file.name : 'video')
        return { url: '/api/videos', method: 'POST', body: form }
      },
    },
    // filePath is a short-lived signed URL: keep it only as long as the default.
    getVideo: { providesTags: (_r, _e, arg) => [{ type: 'Video', id: arg.videoId }] },
    uploadCaptions: {
      invalidatesTags: (_r, _e, arg) => [{ type: 'Video', id: arg.videoId }],
      // multipart/form-data, like the video
      query: ({ videoId, captionsUpload }) => {
        const form = new FormData()
        const { file } = captionsUpload
        form.append('file', file, file instanceof File ? file.name : 'captions.vtt')
        return { url: `/api/videos/${videoId}/captions`, method: 'PUT', body: form }
      },
    },
    deleteCaptions: { invalidatesTags: (_r, _e, arg) => [{ type: 'Video', id: arg.videoId }] },
  },
})

// A puzzle's result, generated into a file of its own (openapi/codegen.config.cjs): sent from the module pages only.
export const puzzleSetApi = generatedPuzzleSetsApi.enhanceEndpoints({
  addTagTypes: TAG_TYPES,
  endpoints: {
    // The answer is the caller's results as kept: written into each cached list holding the module. The result that
    // completes the module moves the caller's progress, which is read again.
    recordModulePuzzle: {
      invalidatesTags: (r) => (r?.completed ? [myProgressTag] : []),
      async onQueryStarted({ moduleId }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle
        let results: Module['puzzleResults']
        try {
          results = (await queryFulfilled).data.puzzleResults
        } catch {
          return // said next to the board (ActionError)
        }
        for (const args of api.util.selectCachedArgsForQuery(lifecycle.getState(), 'getModulesByCourse'))
          dispatch(
            api.util.updateQueryData('getModulesByCourse', args, (draft) => {
              const found = draft.find((m) => m._id === moduleId)
              if (found) found.puzzleResults = results
            }),
          )
      },
    },
  },
})

export const { useRecordModulePuzzleMutation } = puzzleSetApi

/** A free preview: read when opened, and not kept once closed (its video's URLs are signed for a short while). */
export const previewApi = generatedPreviewsApi.enhanceEndpoints({
  endpoints: {
    getPreviewModule: {
      keepUnusedDataFor: 0,
    },
  },
})

export const { useGetPreviewModuleQuery } = previewApi

export const {
  useGetCourseCurriculumQuery,
  useGetModulesByCourseQuery,
  useCreateModuleMutation,
  useUpdateModuleMutation,
  useDeleteModuleMutation,
  useReorderModulesMutation,
  useUploadVideoMutation,
  useGetVideoQuery,
  useUploadCaptionsMutation,
  useDeleteCaptionsMutation,
} = moduleApi
