// Who may do what with the reviews of a course, the server enforcing it and the course page reflecting it. Apart from
// rules.ts, which every page loads: only the course page's reviews and the server read these.
import type { Caller } from './rules'

/**
 * Reply to a review of a course, once: the course's own instructor (an admin who created the course is its
 * instructor too).
 */
export const canReplyToReview = (
  caller: Caller | null | undefined,
  instructorId: string | null | undefined,
) => !!caller && caller.role !== 'student' && !!instructorId && instructorId === caller.id

/** Remove a review of a course, giving a reason: admins. */
export const canRemoveReview = (caller: Pick<Caller, 'role'> | null | undefined): boolean =>
  caller?.role === 'admin'

/** The longest review a student may write, in characters (the contract's CourseReviewInput.text). */
export const REVIEW_MAX_LENGTH = 2000
