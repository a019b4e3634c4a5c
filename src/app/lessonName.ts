// The lesson view's name for the document title, read from the cache (a selector, no request: the lesson view
// reads the course's modules itself).
import { api } from '@/api/api'
import type { RootState } from '@/app/store'

const LESSON = /^\/courses\/([^/]+)\/modules\/([^/]+)$/

/**
 * The title of the module a lesson's address names, from the course's modules once read: undefined at any other
 * address or while they are not known, null when the course has no such module (the lesson view shows 'not found').
 */
export function selectLessonName(state: RootState, path: string): string | null | undefined {
  const m = path.match(LESSON)
  if (!m) return undefined
  const modules = api.endpoints.getModulesByCourse.select({ courseId: m[1] })(state).data
  return modules && (modules.find((module) => module._id === m[2])?.title ?? null)
}
