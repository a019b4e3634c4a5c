import { describe, expect, it } from 'vitest'
import type { CourseProgress, ModuleProgress } from '@/api/generated/api'
import { applyModuleProgress } from '@/features/progress/progressCache'

const course = (over: Partial<CourseProgress> = {}): CourseProgress => ({
  courseId: 'c1',
  completedModules: 0,
  totalModules: 3,
  percent: 0,
  nextModuleId: 'm1',
  lastActivityAt: null,
  modules: [],
  ...over,
})
const saved = (moduleId: string, completed: boolean, over: Partial<ModuleProgress> = {}): ModuleProgress => ({
  moduleId,
  courseId: 'c1',
  positionSeconds: 10,
  durationSeconds: 100,
  completed,
  updatedAt: '2024-01-02T03:04:05.000Z',
  ...over,
})
const order = ['m1', 'm2', 'm3']

describe('applyModuleProgress: the caller’s progress after one module’s answer', () => {
  it('counts a completed module, recomputes the percent (rounded down) and moves on to the next module', () => {
    const courses = [course()]
    expect(applyModuleProgress(courses, saved('m1', true), order)).toBe(true)
    expect(courses[0]).toMatchObject({
      completedModules: 1,
      percent: 33,
      nextModuleId: 'm2',
      lastActivityAt: '2024-01-02T03:04:05.000Z',
      modules: [saved('m1', true)],
    })
  })

  it('takes a module back, keeps the modules in course order, and ends on null when all are done', () => {
    const courses = [
      course({
        completedModules: 2,
        percent: 66,
        nextModuleId: 'm3',
        modules: [saved('m2', true), saved('m1', true)],
      }),
    ]
    applyModuleProgress(courses, saved('m3', true), order)
    expect(courses[0]).toMatchObject({ completedModules: 3, percent: 100, nextModuleId: null })
    applyModuleProgress(courses, saved('m1', false), order)
    expect(courses[0]).toMatchObject({ completedModules: 2, percent: 66, nextModuleId: 'm1' })
    expect(courses[0].modules.map((m) => m.moduleId)).toEqual(['m1', 'm2', 'm3'])
  })

  it('changes no count for a new position of a module', () => {
    const courses = [
      course({ completedModules: 1, percent: 33, nextModuleId: 'm2', modules: [saved('m1', true)] }),
    ]
    expect(applyModuleProgress(courses, saved('m1', true, { positionSeconds: 55 }))).toBe(true)
    expect(courses[0]).toMatchObject({ completedModules: 1, nextModuleId: 'm2' })
    expect(courses[0].modules[0].positionSeconds).toBe(55)
  })

  it('adds a course the caller was not listed in (an instructor) when its modules are known', () => {
    const courses: CourseProgress[] = []
    expect(applyModuleProgress(courses, saved('m2', true), order)).toBe(true)
    expect(courses).toEqual([
      course({
        completedModules: 1,
        percent: 33,
        nextModuleId: 'm1',
        lastActivityAt: '2024-01-02T03:04:05.000Z',
        modules: [saved('m2', true)],
      }),
    ])
    expect(applyModuleProgress([], saved('m2', true))).toBe(false)
  })

  it('says when the next module cannot be known without the course order', () => {
    expect(applyModuleProgress([course()], saved('m1', true))).toBe(false)
    const done = [
      course({
        completedModules: 3,
        percent: 100,
        nextModuleId: null,
        modules: order.map((id) => saved(id, true)),
      }),
    ]
    expect(applyModuleProgress(done, saved('m2', false))).toBe(true)
    expect(done[0]).toMatchObject({ completedModules: 2, nextModuleId: 'm2' })
  })
})
