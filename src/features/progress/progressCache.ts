// How one module's saved progress changes the caller's progress (getMyProgress) without asking the server again:
// the same counts the server makes (server/services/learning/progress.ts), on an immer draft of the cached list.
import type { CourseProgress, ModuleProgress } from '@/api/generated/api'
import { progressPercent } from '@domain/rules'

/**
 * Puts `saved` into its course's entry and recounts the course: completed modules, percent, last activity and,
 * given the course's module ids in course order, the next module to study. A course not listed yet (an
 * instructor's first save) is added when its modules are known. Returns false when the result cannot be exact
 * (no module order to go by): the caller then refetches.
 */
export function applyModuleProgress(
  courses: CourseProgress[],
  saved: ModuleProgress,
  moduleIds?: readonly string[],
): boolean {
  let course = courses.find((c) => c.courseId === saved.courseId)
  if (!course) {
    if (!moduleIds) return false
    courses.push({
      courseId: saved.courseId,
      completedModules: 0,
      totalModules: moduleIds.length,
      percent: 0,
      nextModuleId: moduleIds[0] ?? null,
      lastActivityAt: null,
      modules: [],
    })
    course = courses[courses.length - 1]
  }
  const index = course.modules.findIndex((m) => m.moduleId === saved.moduleId)
  const wasCompleted = index >= 0 && course.modules[index].completed
  if (index >= 0) course.modules[index] = saved
  else course.modules.push(saved)
  const completed = course.completedModules + Number(saved.completed) - Number(wasCompleted)
  course.completedModules = Math.max(0, Math.min(course.totalModules, completed))
  course.percent = progressPercent(course.completedModules, course.totalModules)
  course.lastActivityAt = saved.updatedAt
  if (moduleIds) {
    const order = (id: string) => moduleIds.indexOf(id)
    course.modules.sort((a, b) => order(a.moduleId) - order(b.moduleId))
    const done = new Set(course.modules.filter((m) => m.completed).map((m) => m.moduleId))
    course.nextModuleId = moduleIds.find((id) => !done.has(id)) ?? null
    return true
  }
  // Without the order, the next module is known only when the completion did not change, or when the one
  // module taken back is the only one left.
  if (wasCompleted === saved.completed) return true
  if (!saved.completed && course.nextModuleId === null) {
    course.nextModuleId = saved.moduleId
    return true
  }
  return false
}
