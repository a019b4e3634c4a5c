// The product's rules that the server enforces and the SPA reflects (which controls it shows, which totals it
// prints), in one place: server/services, src/features and the tests' fake backend all import this file.
// Pure TypeScript: no DOM, no Node, no imports, so every side can load it: who may do what is decided here once.

/** The roles of a user, in the order the admin page lists them (the contract's `Role` enum). */
export const ROLES = ['student', 'instructor', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** Who is asking: a signed-in user's id and role (the server's actor). `null` when nobody is signed in. */
export interface Caller {
  id: string
  role: Role
}

/** A user as the wire and the SPA name it (`_id`), seen as a caller. */
export const asCaller = (user: { _id: string; role: Role } | null | undefined): Caller | null =>
  user ? { id: user._id, role: user.role } : null

/** Course create: instructors and admins. */
export const canCreateCourse = (caller: Pick<Caller, 'role'> | null | undefined): boolean =>
  caller?.role === 'instructor' || caller?.role === 'admin'

/**
 * Edit or delete a course, and add, edit or delete its modules and videos: the course's own instructor,
 * and admins. A course without an instructor (its account deleted) is admins' only.
 */
export const canManageCourse = (caller: Caller | null | undefined, instructorId: string | null | undefined) =>
  caller?.role === 'admin' || (caller?.role === 'instructor' && !!instructorId && instructorId === caller.id)

/**
 * Read a course's modules and videos (the 'View Modules' button): its enrolled students, instructors and
 * admins.
 */
export const canReadModules = (caller: Pick<Caller, 'role'> | null | undefined, enrolled: boolean) =>
  caller?.role === 'admin' || caller?.role === 'instructor' || (!!caller && enrolled)

/**
 * Read one module, its video and its line: a 'Free preview' of a published course is everyone's, visitors included
 * (never in a draft); any other module its course's readers' only (canReadModules). Records of it (progress, line
 * practice, puzzle results) stay with those readers: a preview is watched and played, not recorded.
 */
export const canReadModule = (
  caller: Pick<Caller, 'role'> | null | undefined,
  enrolled: boolean,
  module: { freePreview: boolean; published: boolean },
): boolean => (module.freePreview && module.published) || canReadModules(caller, enrolled)

/**
 * See a course, its curriculum and (with canReadModules) its modules: everyone while it is published; a draft only
 * its instructor, admins and the students enrolled in it before it was unpublished (they keep what they have).
 */
export const canSeeCourse = (
  caller: Caller | null | undefined,
  course: { published: boolean; instructorId: string | null | undefined },
  enrolled: boolean,
): boolean => course.published || canManageCourse(caller, course.instructorId) || (!!caller && enrolled)

/** Enroll in a course or put one in the cart: students. */
export const canBuyCourses = (caller: Pick<Caller, 'role'> | null | undefined): boolean =>
  caller?.role === 'student'

/** The courses a user is enrolled in: that user, and admins. */
export const canSeeEnrolledCourses = (caller: Caller | null | undefined, userId: string): boolean =>
  caller?.role === 'admin' || (!!caller && caller.id === userId)

/** Delete a comment on a player: its author, and admins. */
export const canDeleteComment = (caller: Caller | null | undefined, authorId: string): boolean =>
  caller?.role === 'admin' || (!!caller && caller.id === authorId)

/** A course's rating in words: '4.6 (12 ratings)', '5.0 (1 rating)'. */
export const formatRating = (rating: { average: number; count: number }): string =>
  `${rating.average.toFixed(1)} (${rating.count} ${rating.count === 1 ? 'rating' : 'ratings'})`

/** The list of users, role changes, setting another user's password: admins. */
export const canAdministerUsers = (caller: Pick<Caller, 'role'> | null | undefined): boolean =>
  caller?.role === 'admin'

/** A role change that would leave no admin (the target is the last admin and loses the role). */
export const removesLastAdmin = (targetRole: Role, newRole: Role, adminCount: number): boolean =>
  targetRole === 'admin' && newRole !== 'admin' && adminCount <= 1

/**
 * The total of a cart or an order: the sum of the prices, added in whole cents so that float drift never
 * shows (0.1 + 0.2 is 0.3, 19.99 × 3 is 59.97).
 */
export const sumPrices = (prices: readonly number[]): number =>
  prices.reduce((cents, price) => cents + Math.round(price * 100), 0) / 100

/** An amount of money as the cart shows it: a $ sign and 2 decimals. */
export const formatMoney = (amount: number): string => `$${amount.toFixed(2)}`

/** A course's table of its students' progress: the course's instructor and admins (as managing it). */
export const canSeeCourseProgress = canManageCourse

/** The share of a module's video that, once reached, completes the module. */
export const COMPLETION_SHARE = 0.9

/** How far past the reported duration a saved position may lie (players report the end a little late). */
export const POSITION_OVERRUN_SECONDS = 5

/** Completed modules as a whole percent of the course's modules, rounded down (0 for a course without any). */
export const progressPercent = (completed: number, total: number): number =>
  total > 0 ? Math.min(100, Math.floor((completed * 100) / total)) : 0
