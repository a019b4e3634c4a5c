import type { CourseProgress } from '@/api/generated/api'
import { useGetMyProgressQuery } from '@/features/progress/progressEndpoints'

/**
 * The signed-in caller's progress in one course, from the one getMyProgress cache that every page shares
 * (a change on the modules page shows everywhere without a refetch). Undefined while loading, after a failure,
 * and for a course without progress. Mount only for a signed-in caller: a visitor has no progress to ask for; `skip`
 * where the caller has none in this course (a student not enrolled).
 */
export function useCourseProgress(courseId: string, { skip = false } = {}): CourseProgress | undefined {
  return useGetMyProgressQuery(undefined, {
    skip,
    selectFromResult: ({ data }) => ({ progress: data?.find((c) => c.courseId === courseId) }),
  }).progress
}
