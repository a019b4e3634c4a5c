// A course's modules, its curriculum and the modules' videos. Module edits show at once: each mutation patches the
// cached lists itself (optimistically, then with the server's answer), so the instructor never waits for a refetch.
import { api, COURSE_CACHE_SECONDS } from '@/api/api'
import type { Module } from '@/api/generated/api'
import { myProgressTag, pendingId, studentsId } from '@/api/tags'

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
          line: moduleInput.line ?? null,
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
  },
})

export const {
  useGetCourseCurriculumQuery,
  useGetModulesByCourseQuery,
  useCreateModuleMutation,
  useUpdateModuleMutation,
  useDeleteModuleMutation,
  useUploadVideoMutation,
  useGetVideoQuery,
} = moduleApi
