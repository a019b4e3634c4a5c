// The tag types of our API and the tag ids that more than one feature's cache rules name. Each feature's endpoints
// file (src/features/<feature>/*Endpoints.ts) gives its endpoints their tags; a mutation of one feature may invalidate
// what another provides (an enrollment refetches the caller's progress), so those ids are spelled here, once.
import type { Course } from '@/api/generated/api'

export const TAG_TYPES = [
  'Course',
  'Module',
  'Enrollment',
  'Followers',
  'Comments',
  'User',
  'Profile',
  'Cart',
  'Video',
  'Progress',
  'Review',
  'Game',
  'Order',
  'Puzzle',
] as const

/** A tag per course listed, so editing or deleting one refetches every list that shows it. */
export const courseTags = (courses: Course[] | undefined) =>
  (courses ?? []).map((c) => ({ type: 'Course' as const, id: c._id }))

/** The id of a course's students: its enrollment list and its table of their progress. */
export const studentsId = (courseId: string) => `students:${courseId}`

/** The caller's own progress in all their courses; a course's table of its students is `studentsId(courseId)`. */
export const myProgressTag = { type: 'Progress' as const, id: 'LIST' }

/** The temporary id of a module shown before the server has answered its creation. */
export const pendingId = (n: number) => `pending-${n}`
export const isPending = (id: string) => id.startsWith('pending-')
