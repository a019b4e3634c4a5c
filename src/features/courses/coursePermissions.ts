import type { Course } from '@/api/generated/api'
import type { SessionUser } from '@/features/auth/authSlice'

/** Spec §6 with DECISIONS.md: instructors manage their own courses, admins all. */
export function canManageCourse(user: SessionUser | null, course: Pick<Course, 'instructor'>): boolean {
  if (!user) return false
  return user.role === 'admin' || (user.role === 'instructor' && course.instructor?._id === user._id)
}

export const canCreateCourse = (user: SessionUser | null) =>
  user?.role === 'admin' || user?.role === 'instructor'

/** 'View Modules' and the enrolled notice: admins, instructors, and enrolled students. */
export const canViewModules = (user: SessionUser | null, enrolled: boolean) =>
  user?.role === 'admin' || user?.role === 'instructor' || enrolled

export const formatPrice = (price: number) => `$${price}`
