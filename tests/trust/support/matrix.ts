// The authorization matrix: every operation of the contract against every actor, with the expected status.
// Derived from who may do what (the roles, ownership and enrollment checks of the shared rules.ts) and the
// contract's responses.

export const ACTORS = [
  'anonymous',
  'student', // a logged-in student, not enrolled in the course; the subject of user-scoped calls
  'enrolledStudent', // a student enrolled in the course
  'otherStudent', // another student: not enrolled, not the subject
  'courseInstructor', // the instructor who owns the course
  'otherInstructor',
  'admin',
  'expiredToken', // the admin's claims (a live session), validly signed, expired
  'tamperedToken', // a student's token whose subject and session were changed to the admin's (signature kept)
  'otherSecretToken', // the admin's claims signed with another secret
  'algNoneToken', // the admin's claims with alg "none" and no signature
  'deletedUserToken', // a real token of a user who no longer exists
] as const

export type Actor = (typeof ACTORS)[number]

const BAD_TOKENS = [
  'expiredToken',
  'tamperedToken',
  'otherSecretToken',
  'algNoneToken',
  'deletedUserToken',
] as const

type Row = Record<Actor, number>

/** A public operation: everyone gets the same answer; a token, good or bad, grants nothing and is not needed. */
function everyone(status: number): Row {
  return Object.fromEntries(ACTORS.map((a) => [a, status])) as Row
}

/** A bearer-secured operation: anonymous and every bad token get 401; the rest as listed. */
function loggedIn(
  rows: Partial<Record<Exclude<Actor, 'anonymous' | (typeof BAD_TOKENS)[number]>, number>> & {
    others?: number
  },
): Row {
  const { others, ...explicit } = rows
  const row = {} as Row
  for (const a of ACTORS) {
    if (a === 'anonymous' || (BAD_TOKENS as readonly string[]).includes(a)) row[a] = 401
    else row[a] = (explicit as Record<string, number>)[a] ?? others ?? NaN
  }
  return row
}

/**
 * A public operation where a token is optional: visitors and signed-in users get `status` (the answer may
 * differ: getProfile's phone number), and a token that is sent is checked, so every bad token gets 401.
 */
function tokenOptional(status: number): Row {
  return Object.fromEntries(
    ACTORS.map((a) => [a, (BAD_TOKENS as readonly string[]).includes(a) ? 401 : status]),
  ) as Row
}

const STUDENTS_REFUSED = { student: 403, enrolledStudent: 403, otherStudent: 403 }

export const MATRIX: Record<string, Row> = {
  getHealth: everyone(200),
  register: everyone(201),
  login: everyone(200),
  getCourses: everyone(200),
  createCourse: loggedIn({ ...STUDENTS_REFUSED, courseInstructor: 201, otherInstructor: 201, admin: 201 }),
  getCourse: everyone(200),
  // an instructor's own drafts, every draft for an admin
  getDraftCourses: loggedIn({ ...STUDENTS_REFUSED, courseInstructor: 200, otherInstructor: 200, admin: 200 }),
  updateCourse: loggedIn({ ...STUDENTS_REFUSED, courseInstructor: 200, otherInstructor: 403, admin: 200 }),
  deleteCourse: loggedIn({ ...STUDENTS_REFUSED, courseInstructor: 204, otherInstructor: 403, admin: 204 }),
  // the subject of the call is `student`
  getEnrolledCourses: loggedIn({ student: 200, admin: 200, others: 403 }),
  getEnrolledStudents: loggedIn({ others: 200 }),
  // enrolling again is not an error: 200 for the enrolled student
  enrollInCourse: loggedIn({ student: 201, enrolledStudent: 200, otherStudent: 201, others: 403 }),
  createModule: loggedIn({ courseInstructor: 201, admin: 201, others: 403 }),
  // 'View Modules': enrolled students, instructors, admins
  getModulesByCourse: loggedIn({
    enrolledStudent: 200,
    courseInstructor: 200,
    otherInstructor: 200,
    admin: 200,
    others: 403,
  }),
  // the curriculum (titles and descriptions, no video) is public: a token, good or bad, changes nothing
  getCourseCurriculum: everyone(200),
  // the world module is no free preview: its course's readers only (a visitor too is refused, a sent token checked);
  // PREVIEW_MATRIX reads a preview
  getPreviewModule: {
    ...tokenOptional(403),
    enrolledStudent: 200,
    courseInstructor: 200,
    otherInstructor: 200,
    admin: 200,
  },
  updateModule: loggedIn({ courseInstructor: 200, admin: 200, others: 403 }),
  deleteModule: loggedIn({ courseInstructor: 204, admin: 204, others: 403 }),
  reorderModules: loggedIn({ courseInstructor: 200, admin: 200, others: 403 }),
  uploadVideo: loggedIn({ courseInstructor: 201, admin: 201, others: 403 }),
  getVideo: loggedIn({
    enrolledStudent: 200,
    courseInstructor: 200,
    otherInstructor: 200,
    admin: 200,
    others: 403,
  }),
  // the signed URL is the capability; it was handed out by getVideo to a reader of the course
  streamVideo: everyone(200),
  // a video's captions: its course's owners change them; they are read through the video's signed URL
  uploadCaptions: loggedIn({ courseInstructor: 200, admin: 200, others: 403 }),
  deleteCaptions: loggedIn({ courseInstructor: 204, admin: 204, others: 403 }),
  streamCaptions: everyone(200),
  // the poster the server took of a video, read through the video's signed URL
  streamPoster: everyone(200),
  getMyProfile: loggedIn({ others: 200 }),
  updateMyProfile: loggedIn({ others: 200 }),
  // the phone number only for signed-in readers (exposure.test.ts checks which answer carries it); a student's
  // purchases only for those PROFILE_COURSES lists
  getProfile: tokenOptional(200),
  getUsers: loggedIn({ admin: 200, others: 403 }),
  updateUserRole: loggedIn({ admin: 200, others: 403 }),
  getUserRank: everyone(200),
  getPlayerFollowers: everyone(200),
  getPlayerComments: everyone(200),
  followPlayer: loggedIn({ others: 201 }),
  unfollowPlayer: loggedIn({ others: 204 }),
  commentPlayer: loggedIn({ others: 201 }),
  getCart: loggedIn({ others: 200 }),
  // the cart is for students; the course is one they are not enrolled in
  addToCart: loggedIn({ student: 200, enrolledStudent: 200, otherStudent: 200, others: 403 }),
  removeFromCart: loggedIn({ others: 200 }),
  // students check out a cart holding one course; instructors and admins have an empty cart
  checkout: loggedIn({ student: 201, enrolledStudent: 201, otherStudent: 201, others: 409 }),
  // payments: which provider (public); Stripe's webhook is 404 where Stripe is not the provider (the trust suite's
  // server simulates payments; tests/trust/fast/stripe.test.ts runs the webhook itself)
  getPaymentProvider: tokenOptional(200),
  receiveStripeEvent: tokenOptional(404),
  // orders: every order for admins; one's own; the order is `student`'s (another user's: 404); refunds for admins
  getOrders: loggedIn({ admin: 200, others: 403 }),
  getMyOrders: loggedIn({ others: 200 }),
  getOrder: loggedIn({ student: 200, admin: 200, others: 404 }),
  refundOrder: loggedIn({ admin: 200, others: 403 }),
  // an instructor's own earnings, every instructor's for admins
  getEarnings: loggedIn({ courseInstructor: 200, otherInstructor: 200, admin: 200, others: 403 }),
  // sessions: every logged-in user may end their own (the cell uses a fresh login of the actor)
  logout: loggedIn({ others: 204 }),
  logoutEverywhere: loggedIn({ others: 204 }),
  // with the actor's right current password
  changeMyPassword: loggedIn({ others: 204 }),
  // the target is a fresh student
  setUserPassword: loggedIn({ admin: 204, others: 403 }),
  // the comment is one of `student`'s
  deleteComment: loggedIn({ student: 204, admin: 204, others: 403 }),
  // progress: everyone signed in has their own (an empty list for who has none)
  getMyProgress: loggedIn({ others: 200 }),
  // the world's module: recorded by those who may read it ('View Modules'), each for themselves
  saveModuleProgress: loggedIn({
    enrolledStudent: 200,
    courseInstructor: 200,
    otherInstructor: 200,
    admin: 200,
    others: 403,
  }),
  setModuleCompletion: loggedIn({
    enrolledStudent: 200,
    courseInstructor: 200,
    otherInstructor: 200,
    admin: 200,
    others: 403,
  }),
  // a course's table of its students' progress: its instructor and admins, as for managing the course
  getCourseProgress: loggedIn({ courseInstructor: 200, admin: 200, others: 403 }),
  // practising the world module's line: those who may read the module ('View Modules'), each for themselves
  recordLinePractice: loggedIn({
    enrolledStudent: 200,
    courseInstructor: 200,
    otherInstructor: 200,
    admin: 200,
    others: 403,
  }),
  // a result of a puzzle of the world module's set: the course's enrolled students only, each for themselves
  recordModulePuzzle: loggedIn({ enrolledStudent: 200, others: 403 }),
  // the review schedule: everyone signed in has their own (empty for who never practised)
  getDueReviews: loggedIn({ others: 200 }),
  getReviewSummary: loggedIn({ others: 200 }),
  getReviewForecast: loggedIn({ others: 200 }),
  getDifficultMoves: loggedIn({ others: 200 }),
  // kept games: everyone signed in keeps their own; the game read or deleted is one of `student`'s, which is
  // unknown (404) to everyone else, admins included
  saveGame: loggedIn({ others: 201 }),
  listMyGames: loggedIn({ others: 200 }),
  getGame: loggedIn({ student: 200, others: 404 }),
  deleteGame: loggedIn({ student: 204, others: 404 }),
  // puzzles: public reads; the next puzzle takes an optional token; one's own rating and attempts signed in
  getNextPuzzle: tokenOptional(200),
  getDailyPuzzle: everyone(200),
  getPuzzleStats: everyone(200),
  getPuzzle: everyone(200),
  getMyPuzzleRating: loggedIn({ others: 200 }),
  recordPuzzleAttempt: loggedIn({ others: 200 }),
  // personal puzzles: the mistakes kept are of a game of `student`'s, and the puzzle reviewed one of `student`'s
  // (unknown, 404, to everyone else, admins included); each caller has their own puzzles to review
  keepGameMistakes: loggedIn({ student: 200, others: 404 }),
  getDuePuzzles: loggedIn({ others: 200 }),
  recordPuzzleReview: loggedIn({ student: 200, others: 404 }),
  // course reviews: everyone reads a course's (a token, good or bad, changes nothing); each signed-in caller has their
  // own; the review saved is on a fresh course whose module `enrolledStudent` completed (an enrolled student who completed
  // a module reviews; nobody else); the review replied to or removed is a fresh one of `enrolledStudent`'s
  getCourseReviews: everyone(200),
  getMyCourseReview: loggedIn({ others: 200 }),
  saveMyCourseReview: loggedIn({ enrolledStudent: 201, others: 403 }),
  replyToCourseReview: loggedIn({ courseInstructor: 201, others: 403 }),
  removeCourseReview: loggedIn({ admin: 204, others: 403 }),
  // mailed links: the same answer whoever asks (a token is not needed and grants nothing); the link is the capability
  requestPasswordReset: everyone(202),
  // a fresh account's unused link, for each cell
  resetPassword: everyone(204),
  verifyEmail: everyone(200),
  // the signed link of `student`'s reminders
  unsubscribeReviewReminders: everyone(200),
  // one's own email and mail, with the actor's own current password
  changeMyEmail: loggedIn({ others: 202 }),
  resendVerificationEmail: loggedIn({ others: 202 }),
  setReviewReminders: loggedIn({ others: 200 }),
  // certificates: the one read is `student`'s, kept private ('Keep my certificates private'): its holder reads it and
  // everyone else, admins included, is told it does not exist; each caller has their own list and setting
  getCertificate: { ...tokenOptional(404), student: 200 },
  getMyCertificates: loggedIn({ others: 200 }),
  setCertificatePrivacy: loggedIn({ others: 200 }),
}

/**
 * The actors of the draft table: whether one may see a course is decided by the account, so the forged tokens (refused
 * before any course is read, as the main table shows for every operation) are not sent again.
 */
export const DRAFT_ACTORS = ACTORS.filter(
  (a): a is Exclude<Actor, (typeof BAD_TOKENS)[number]> => !(BAD_TOKENS as readonly string[]).includes(a),
)
export type DraftActor = (typeof DRAFT_ACTORS)[number]
type DraftRow = Record<DraftActor, number>

/** Those who see a course gone back to draft: its instructor, admins, and the student who bought it before. */
const SEE_THE_DRAFT = { enrolledStudent: 200, courseInstructor: 200, admin: 200 }

/** An operation of the draft table: the listed actors as listed, the others `others`, a visitor `anonymous`. */
function draftRow(rows: Partial<DraftRow> & { others: number; anonymous?: number }): DraftRow {
  const { others, anonymous = 401, ...explicit } = rows
  return Object.fromEntries(
    DRAFT_ACTORS.map((a) => [
      a,
      a === 'anonymous' ? anonymous : ((explicit as Partial<DraftRow>)[a] ?? others),
    ]),
  ) as DraftRow
}

/**
 * A course unpublished after `enrolledStudent` bought it (World['draft']): every operation reached through it, one of
 * its modules or its video. Whoever may not see it gets 404, as for an id that names nothing, before any other check
 * (not the 403 a visible course's outsider gets, not a line's length); students asking to change it are refused by
 * role (403) before any course is read. Its video's signed URLs (streamVideo, streamCaptions, streamPoster) are
 * handed out by getVideo only, so they are not in this table.
 */
export const DRAFT_MATRIX: Record<string, DraftRow> = {
  getCourse: draftRow({ ...SEE_THE_DRAFT, others: 404, anonymous: 404 }),
  getCourseCurriculum: draftRow({ ...SEE_THE_DRAFT, others: 404, anonymous: 404 }),
  getEnrolledStudents: draftRow({ ...SEE_THE_DRAFT, others: 404 }),
  getModulesByCourse: draftRow({ ...SEE_THE_DRAFT, others: 404 }),
  // its module marked 'Free preview': a preview never opens in a draft
  getPreviewModule: draftRow({ ...SEE_THE_DRAFT, others: 404, anonymous: 404 }),
  getCourseProgress: draftRow({ courseInstructor: 200, admin: 200, enrolledStudent: 403, others: 404 }),
  updateCourse: draftRow({ courseInstructor: 200, admin: 200, enrolledStudent: 403, others: 404 }),
  deleteCourse: draftRow({ courseInstructor: 204, admin: 204, enrolledStudent: 403, others: 404 }),
  saveModuleProgress: draftRow({ ...SEE_THE_DRAFT, others: 404 }),
  setModuleCompletion: draftRow({ ...SEE_THE_DRAFT, others: 404 }),
  recordLinePractice: draftRow({ ...SEE_THE_DRAFT, others: 404 }),
  // its enrolled student only; its instructor and admins see it and are refused as not enrolled
  recordModulePuzzle: draftRow({ enrolledStudent: 200, courseInstructor: 403, admin: 403, others: 404 }),
  getVideo: draftRow({ ...SEE_THE_DRAFT, others: 404 }),
  getCourseReviews: draftRow({ ...SEE_THE_DRAFT, others: 404, anonymous: 404 }),
  getMyCourseReview: draftRow({ ...SEE_THE_DRAFT, others: 404 }),
  createModule: draftRow({ courseInstructor: 201, admin: 201, otherInstructor: 404, others: 403 }),
  updateModule: draftRow({ courseInstructor: 200, admin: 200, otherInstructor: 404, others: 403 }),
  deleteModule: draftRow({ courseInstructor: 204, admin: 204, otherInstructor: 404, others: 403 }),
  reorderModules: draftRow({ courseInstructor: 200, admin: 200, otherInstructor: 404, others: 403 }),
  uploadVideo: draftRow({ courseInstructor: 201, admin: 201, otherInstructor: 404, others: 403 }),
  uploadCaptions: draftRow({ courseInstructor: 200, admin: 200, otherInstructor: 404, others: 403 }),
  deleteCaptions: draftRow({ courseInstructor: 204, admin: 204, otherInstructor: 404, others: 403 }),
}

/** A 'Free preview' module and a locked one of a published course (World['previews']). */
export type PreviewKind = 'preview' | 'locked'

/** Those who read every module of the world's course: 200 for them, `refused` for a visitor and the non-buyers. */
const readers = (refused: number): DraftRow =>
  draftRow({
    enrolledStudent: 200,
    courseInstructor: 200,
    otherInstructor: 200,
    admin: 200,
    others: refused,
    anonymous: refused,
  })

/**
 * What a preview opens to everyone, and what a locked module still refuses. Each cell of a medium (the video, its
 * captions and poster: signed URLs) is the actor's way to it: the URL their getPreviewModule handed out, fetched, or,
 * where that call is refused, its refusal. The line comes in getPreviewModule's module. A preview is not recorded:
 * practising its line stays with the course's readers (`anonymous` 401, the non-buyers 403).
 */
export const PREVIEW_MATRIX: Record<string, Record<PreviewKind, DraftRow>> = {
  getPreviewModule: { preview: readers(200), locked: readers(403) },
  streamVideo: { preview: readers(200), locked: readers(403) },
  streamCaptions: { preview: readers(200), locked: readers(403) },
  streamPoster: { preview: readers(200), locked: readers(403) },
  recordLinePractice: {
    preview: { ...readers(403), anonymous: 401 },
    locked: { ...readers(403), anonymous: 401 },
  },
}

/**
 * What GET /api/profile/{id} shows of a profile's courses to each actor: `list` (the courses), `absent` (no
 * `courses` field at all), or the refusal's status. A student's purchases are theirs: signed-in readers see them
 * while their owner shows them ('Show my courses on my profile'); with it off, only the owner and admins do. An
 * instructor's teaching courses are public, whatever the setting.
 */
export type CoursesSeen = 'list' | 'absent' | 401

function coursesSeen(
  rows: Partial<Record<Exclude<Actor, (typeof BAD_TOKENS)[number]>, CoursesSeen>> & { others: CoursesSeen },
): Record<Actor, CoursesSeen> {
  const { others, ...explicit } = rows
  return Object.fromEntries(
    ACTORS.map((a) => [
      a,
      (BAD_TOKENS as readonly string[]).includes(a)
        ? 401
        : ((explicit as Record<string, CoursesSeen>)[a] ?? others),
    ]),
  ) as Record<Actor, CoursesSeen>
}

/** The profile read is `student`'s (who bought a course), or `courseInstructor`'s (who teaches one). */
export const PROFILE_COURSES = {
  purchasesShown: coursesSeen({ anonymous: 'absent', others: 'list' }),
  purchasesHidden: coursesSeen({ student: 'list', admin: 'list', others: 'absent' }),
  teachingWithSettingOff: coursesSeen({ others: 'list' }),
}

export function cellCount(): number {
  return Object.values(MATRIX).reduce((n, row) => n + Object.keys(row).length, 0)
}
