// For each operation: a request that is valid in every respect except, possibly, who sends it.
// Operations that change or remove something get a fresh target per cell, so cells stay independent.
// Session-ending operations run on a fresh login of the actor (`token`), and `after` logs the actor in again
// when the cell may have ended the world's own session of the actor.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { unsubscribeSignature } from '../../../server/services/mail/tokens'
import { json, multipart, fakeMp4, type Req, type Res } from './http'
import { DRAFT_MATRIX, type Actor, type DraftActor, type PreviewKind } from './matrix'
import {
  accountOf,
  createCourse,
  createModule,
  enroll,
  expectOk,
  freshSession,
  register,
  relogin,
  uniq,
  uploadVideo,
  type Account,
  type Draft,
  type World,
} from './world'

/** A cell's request; with `token` present it is sent with that token instead of the actor's world token. */
export type CellReq = Req & { after?: (res: Res) => Promise<void> }
type Build = (w: World, actor: Actor) => Promise<CellReq>

/** The account whose claims a forged token carries (the body must be valid for it), else the actor's own. */
function subjectOf(w: World, actor: Actor): Account {
  if (actor === 'deletedUserToken') return w.deleted
  return accountOf(w, actor) ?? w.admin
}

/** The actor's own new session, for cells that end sessions; bad tokens and anonymous keep theirs. */
async function ownSession(w: World, actor: Actor): Promise<{ token?: string }> {
  const a = accountOf(w, actor)
  return a ? { token: await freshSession(w, a) } : {}
}

/** A short WebVTT file: captions of a video. */
const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:01.000\nThe king steps forward.\n'

const newPassword = () => `pw-${randomBytes(8).toString('hex')}`

/** A fresh account's unused mailed link of this purpose (stored as the server stores it: its hash only). */
async function mailedToken(w: World, purpose: 'reset' | 'verify'): Promise<string> {
  const a = await register(w.h.send, uniq('mt'))
  const token = randomBytes(32).toString('base64url')
  await w.h.query(
    `INSERT INTO mail_tokens (token_hash, user_id, purpose, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + interval '1 hour')`,
    [createHash('sha256').update(token).digest('base64url'), a.id, purpose, a.email],
  )
  return token
}

const STUDENT_ACTORS: Actor[] = ['student', 'enrolledStudent', 'otherStudent']

/** A finished practice game as the board saves it (Scholar's mate), under a fresh key. */
const keptGame = () => ({
  key: randomUUID(),
  pgn: '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0',
  result: '1-0',
  opponentLevel: 'random',
  colour: 'white',
})

async function studentGame(w: World): Promise<string> {
  const res = expectOk(
    await w.h.send({ method: 'POST', url: '/api/games', token: w.student.token, ...json(keptGame()) }),
    'keep a game as student',
  )
  return String(res.body._id)
}

/** A fresh puzzle (a mate in one), so that each cell has one its caller has not played. */
async function freshPuzzle(w: World): Promise<string> {
  const id = uniq('pz')
  await w.h.query(`INSERT INTO puzzles (id, fen, moves, themes, rating) VALUES ($1, $2, $3, $4, 1500)`, [
    id,
    'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3',
    ['a7a6', 'f3f7'],
    ['mateIn1'],
  ])
  await w.h.query(`INSERT INTO puzzle_themes (theme, puzzle_id, rating) VALUES ('mateIn1', $1, 1500)`, [id])
  return id
}

/** A mistake of White's (2. Bc4, where 2. Nf3 was as good) in the game of keptGame(). */
const WHITE_MISTAKE = { ply: 2, better: 'Nf3', mark: '?' }

/** A personal puzzle of `student`'s to review, from a game of theirs kept anew: its id. */
async function studentReviewPuzzle(w: World): Promise<string> {
  const gameId = await studentGame(w)
  expectOk(
    await w.h.send({
      method: 'POST',
      url: `/api/games/${gameId}/mistakes`,
      token: w.student.token,
      ...json({ mistakes: [WHITE_MISTAKE] }),
    }),
    'keep a mistake as student',
  )
  const [row] = await w.h.query<{ id: string }>('SELECT id FROM puzzle_reviews WHERE game_id = $1', [gameId])
  return row.id
}

async function freshCourse(w: World) {
  const c = await createCourse(w.h.send, w.courseInstructor)
  await enroll(w.h.send, w.enrolledStudent, c._id)
  return c
}

/** A fresh course of `courseInstructor` whose module `enrolledStudent` completed: they may review it. */
async function reviewableCourse(w: World) {
  const c = await freshCourse(w)
  const m = await createModule(w.h.send, w.courseInstructor, c._id)
  expectOk(
    await w.h.send({
      method: 'PUT',
      url: `/api/progress/modules/${m._id}/completion`,
      token: w.enrolledStudent.token,
      ...json({ completed: true }),
    }),
    'complete a module as enrolledStudent',
  )
  return c
}

/** A fresh review of `enrolledStudent`'s, on a fresh course of `courseInstructor`: its id. */
async function freshReview(w: World): Promise<string> {
  const c = await reviewableCourse(w)
  const r = expectOk(
    await w.h.send({
      method: 'PUT',
      url: `/api/courses/${c._id}/reviews/mine`,
      token: w.enrolledStudent.token,
      ...json({ rating: 4, text: 'Clear and patient.' }),
    }),
    'review as enrolledStudent',
  )
  return String(r.body._id)
}

/** A new paid order of `buyer` (a course bought through the simulated provider): its id. */
async function paidOrderOf(w: World, buyer: Account): Promise<string> {
  const c = await createCourse(w.h.send, w.courseInstructor, { price: 12.5 })
  expectOk(
    await w.h.send({ method: 'POST', url: `/api/courses/${c._id}/enroll`, token: buyer.token }),
    'buy a course',
  )
  const mine = await w.h.send({ method: 'GET', url: '/api/me/orders', token: buyer.token })
  expectOk(mine, 'my orders')
  return (mine.body as { _id: string }[])[0]._id
}

const keptPrivate = json({ private: true })

const studentCertificates = new WeakMap<World, Promise<string>>()

/**
 * `student`'s certificate of a free course of one module, made once per world (reading it changes nothing), and kept
 * private anew for each cell.
 */
async function privateCertificateOf(w: World): Promise<string> {
  let made = studentCertificates.get(w)
  if (!made) {
    made = (async () => {
      const c = await createCourse(w.h.send, w.courseInstructor, { price: 0 })
      const m = await createModule(w.h.send, w.courseInstructor, c._id)
      await enroll(w.h.send, w.student, c._id)
      const url = `/api/progress/modules/${m._id}/completion`
      expectOk(
        await w.h.send({ method: 'PUT', url, token: w.student.token, ...json({ completed: true }) }),
        'finish the course',
      )
      const mine = expectOk(
        await w.h.send({ method: 'GET', url: '/api/profile/me/certificates', token: w.student.token }),
        'my certificates',
      )
      return (mine.body as { items: { _id: string; courseId: string }[] }).items.find(
        (i) => i.courseId === c._id,
      )!._id
    })()
    studentCertificates.set(w, made)
  }
  const id = await made
  expectOk(
    await w.h.send({
      method: 'PUT',
      url: '/api/profile/me/certificate-privacy',
      token: w.student.token,
      ...keptPrivate,
    }),
    'keep it private',
  )
  return id
}

export const MATRIX_REQUESTS: Record<string, Build> = {
  getHealth: async () => ({ method: 'GET', url: '/api/health' }),
  register: async () => {
    const username = uniq('reg')
    return {
      method: 'POST',
      url: '/api/auth/register',
      ...json({ username, email: `${username}@trust.example`, password: 'correct horse battery' }),
    }
  },
  login: async (w) => {
    const a = await register(w.h.send, uniq('log'))
    return { method: 'POST', url: '/api/auth/login', ...json({ email: a.email, password: a.password }) }
  },
  getCourses: async () => ({ method: 'GET', url: '/api/courses' }),
  createCourse: async () => ({
    method: 'POST',
    url: '/api/courses',
    ...json({ title: uniq('New '), description: 'Openings.', price: 5 }),
  }),
  getCourse: async (w) => ({ method: 'GET', url: `/api/courses/${w.course._id}` }),
  updateCourse: async (w) => {
    const c = await freshCourse(w)
    return { method: 'PATCH', url: `/api/courses/${c._id}`, ...json({ title: uniq('Renamed ') }) }
  },
  deleteCourse: async (w) => {
    const c = await freshCourse(w)
    return { method: 'DELETE', url: `/api/courses/${c._id}` }
  },
  getDraftCourses: async () => ({ method: 'GET', url: '/api/courses/drafts' }),
  getEnrolledCourses: async (w) => ({ method: 'GET', url: `/api/courses/user/${w.student.id}/enrolled` }),
  getEnrolledStudents: async (w) => ({
    method: 'GET',
    url: `/api/courses/${w.course._id}/enrolled-students`,
  }),
  enrollInCourse: async (w) => {
    const c = await freshCourse(w)
    return { method: 'POST', url: `/api/courses/${c._id}/enroll` }
  },
  createModule: async (w) => {
    const c = await freshCourse(w)
    const body = {
      title: 'Opposition',
      description: 'King and pawn.',
      videoUrl: 'https://vimeo.com/1',
      courseId: c._id,
    }
    return { method: 'POST', url: '/api/modules', ...json(body) }
  },
  getModulesByCourse: async (w) => ({ method: 'GET', url: `/api/modules/course/${w.course._id}` }),
  getCourseCurriculum: async (w) => ({ method: 'GET', url: `/api/courses/${w.course._id}/curriculum` }),
  getPreviewModule: async (w) => ({ method: 'GET', url: `/api/modules/${w.module._id}/preview` }),
  updateModule: async (w) => {
    const c = await freshCourse(w)
    const m = await createModule(w.h.send, w.courseInstructor, c._id)
    return { method: 'PATCH', url: `/api/modules/${m._id}`, ...json({ title: 'Triangulation' }) }
  },
  deleteModule: async (w) => {
    const c = await freshCourse(w)
    const m = await createModule(w.h.send, w.courseInstructor, c._id)
    return { method: 'DELETE', url: `/api/modules/${m._id}` }
  },
  reorderModules: async (w) => {
    const c = await freshCourse(w)
    const first = await createModule(w.h.send, w.courseInstructor, c._id)
    const second = await createModule(w.h.send, w.courseInstructor, c._id)
    return {
      method: 'PUT',
      url: `/api/courses/${c._id}/modules/order`,
      ...json({ moduleIds: [second._id, first._id] }),
    }
  },
  uploadVideo: async (w) => {
    const c = await freshCourse(w)
    return {
      method: 'POST',
      url: '/api/videos',
      ...multipart(
        { courseId: c._id },
        { name: 'file', filename: 'clip.mp4', type: 'video/mp4', data: fakeMp4() },
      ),
    }
  },
  getVideo: async (w) => ({ method: 'GET', url: `/api/videos/${w.video._id}` }),
  streamVideo: async (w) => {
    const r = expectOk(
      await w.h.send({ method: 'GET', url: `/api/videos/${w.video._id}`, token: w.admin.token }),
      'get video',
    )
    return { method: 'GET', url: r.body.filePath }
  },
  uploadCaptions: async (w) => ({
    method: 'PUT',
    url: `/api/videos/${w.video._id}/captions`,
    ...multipart({}, { name: 'file', filename: 'lesson.vtt', type: 'text/vtt', data: Buffer.from(CAPTIONS) }),
  }),
  deleteCaptions: async (w) => ({ method: 'DELETE', url: `/api/videos/${w.video._id}/captions` }),
  streamCaptions: async (w) => {
    const c = await freshCourse(w)
    const video = await uploadVideo(w.h.send, w.courseInstructor, c._id)
    const r = expectOk(
      await w.h.send({
        method: 'PUT',
        url: `/api/videos/${video._id}/captions`,
        token: w.courseInstructor.token,
        ...multipart(
          {},
          { name: 'file', filename: 'lesson.vtt', type: 'text/vtt', data: Buffer.from(CAPTIONS) },
        ),
      }),
      'upload captions',
    )
    return { method: 'GET', url: r.body.captionsUrl }
  },
  streamPoster: async (w) => {
    const c = await freshCourse(w)
    const video = await uploadVideo(w.h.send, w.courseInstructor, c._id)
    // as the background job records a poster (the test video is no real film for ffmpeg): a stored file of the video
    await w.h.query('UPDATE videos SET poster_name = stored_name WHERE id = $1', [video._id])
    const r = expectOk(
      await w.h.send({ method: 'GET', url: `/api/videos/${video._id}`, token: w.admin.token }),
      'get video',
    )
    return { method: 'GET', url: r.body.posterUrl }
  },
  getMyProfile: async () => ({ method: 'GET', url: '/api/profile/me' }),
  updateMyProfile: async () => ({
    method: 'PUT',
    url: '/api/profile/me',
    ...json({ bio: 'Endgame lover', phoneNumber: '+1 555 0100' }),
  }),
  getProfile: async (w) => ({ method: 'GET', url: `/api/profile/${w.student.id}` }),
  getUsers: async () => ({ method: 'GET', url: '/api/users' }),
  updateUserRole: async (w) => {
    const target = await register(w.h.send, uniq('rol'))
    return { method: 'PATCH', url: `/api/user/${target.id}/role`, ...json({ newRole: 'instructor' }) }
  },
  getUserRank: async (w) => ({ method: 'GET', url: `/api/user/rank/${w.student.id}` }),
  getPlayerFollowers: async () => ({ method: 'GET', url: '/api/player/hikaru/followers' }),
  getPlayerComments: async () => ({ method: 'GET', url: '/api/comments/hikaru' }),
  followPlayer: async () => ({
    method: 'POST',
    url: '/api/follow-player',
    ...json({ chessPlayerUsername: uniq('player') }),
  }),
  unfollowPlayer: async () => ({ method: 'DELETE', url: `/api/unfollow-player/${uniq('player')}` }),
  commentPlayer: async () => ({
    method: 'POST',
    url: '/api/comment-player',
    ...json({ chessPlayerUsername: 'hikaru', comment: 'Great blitz.' }),
  }),
  getCart: async () => ({ method: 'GET', url: '/api/cart' }),
  addToCart: async (w) => {
    const c = await createCourse(w.h.send, w.courseInstructor)
    return { method: 'POST', url: '/api/cart/items', ...json({ courseId: c._id }) }
  },
  removeFromCart: async (w) => ({ method: 'DELETE', url: `/api/cart/items/${w.course._id}` }),
  // ends only the fresh session it is sent with
  logout: async (w, actor) => ({ method: 'POST', url: '/api/auth/logout', ...(await ownSession(w, actor)) }),
  // ends every session of the actor, the world's one included: log in again afterwards
  logoutEverywhere: async (w, actor) => {
    const a = accountOf(w, actor)
    return {
      method: 'POST',
      url: '/api/auth/logout-all',
      ...(await ownSession(w, actor)),
      after: async () => a && relogin(w, a),
    }
  },
  // the actor's real current password; other sessions (the world's one) end: log in again with the new password
  requestPasswordReset: async (w) => ({
    method: 'POST',
    url: '/api/auth/forgot-password',
    ...json({ email: w.otherStudent.email }),
  }),
  resetPassword: async (w) => ({
    method: 'POST',
    url: '/api/auth/reset-password',
    ...json({ token: await mailedToken(w, 'reset'), newPassword: newPassword() }),
  }),
  verifyEmail: async (w) => ({
    method: 'POST',
    url: '/api/auth/verify-email',
    ...json({ token: await mailedToken(w, 'verify') }),
  }),
  unsubscribeReviewReminders: async (w) => ({
    method: 'POST',
    url: `/api/mail/unsubscribe?user=${w.student.id}&sig=${unsubscribeSignature(w.h.jwtSecret, w.student.id)}`,
  }),
  changeMyEmail: async (w, actor) => ({
    method: 'POST',
    url: '/api/profile/me/email',
    ...json({ newEmail: `${uniq('new')}@trust.example`, currentPassword: subjectOf(w, actor).password }),
  }),
  resendVerificationEmail: async () => ({ method: 'POST', url: '/api/profile/me/email/verification' }),
  setReviewReminders: async () => ({
    method: 'PUT',
    url: '/api/profile/me/review-reminders',
    ...json({ enabled: true }),
  }),
  changeMyPassword: async (w, actor) => {
    const a = accountOf(w, actor)
    const next = newPassword()
    return {
      method: 'PUT',
      url: '/api/profile/me/password',
      ...json({ currentPassword: subjectOf(w, actor).password, newPassword: next }),
      ...(await ownSession(w, actor)),
      after: async (res) => {
        if (!a) return
        if (res.status === 204) {
          a.password = next
          w.passwords.push(next)
        }
        await relogin(w, a)
      },
    }
  },
  setUserPassword: async (w) => {
    const target = await register(w.h.send, uniq('pwd'))
    return { method: 'PUT', url: `/api/user/${target.id}/password`, ...json({ newPassword: newPassword() }) }
  },
  // a comment of `student`, fresh per cell: its author and admins may delete it
  deleteComment: async (w) => {
    const c = expectOk(
      await w.h.send({
        method: 'POST',
        url: '/api/comment-player',
        token: w.student.token,
        ...json({ chessPlayerUsername: 'hikaru', comment: uniq('Sharp play ') }),
      }),
      'comment as student',
    )
    return { method: 'DELETE', url: `/api/comment-player/${c.body._id}` }
  },
  checkout: async (w, actor) => {
    if (STUDENT_ACTORS.includes(actor)) {
      const c = await createCourse(w.h.send, w.courseInstructor)
      expectOk(
        await w.h.send({
          method: 'POST',
          url: '/api/cart/items',
          token: w.tokens[actor],
          ...json({ courseId: c._id }),
        }),
        'add to cart',
      )
    }
    return { method: 'POST', url: '/api/cart/checkout' }
  },
  getPaymentProvider: async () => ({ method: 'GET', url: '/api/payments/provider' }),
  receiveStripeEvent: async () => {
    const body = json({ id: 'evt_matrix', object: 'event', type: 'checkout.session.completed', data: {} })
    return {
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      ...body,
      headers: { ...body.headers, 'stripe-signature': 't=1,v1=00' },
    }
  },
  getOrders: async () => ({ method: 'GET', url: '/api/orders' }),
  getMyOrders: async () => ({ method: 'GET', url: '/api/me/orders' }),
  getEarnings: async () => ({ method: 'GET', url: '/api/earnings' }),
  getOrder: async (w) => ({ method: 'GET', url: `/api/orders/${await paidOrderOf(w, w.student)}` }),
  // a fresh paid order per cell: a refund is once
  refundOrder: async (w) => ({
    method: 'POST',
    url: `/api/orders/${await paidOrderOf(w, w.student)}/refund`,
  }),
  getMyProgress: async () => ({ method: 'GET', url: '/api/progress' }),
  // each caller writes their own row of the world's module: cells do not depend on one another
  saveModuleProgress: async (w) => ({
    method: 'PUT',
    url: `/api/progress/modules/${w.module._id}`,
    ...json({ positionSeconds: 120.5, durationSeconds: 600 }),
  }),
  setModuleCompletion: async (w) => ({
    method: 'PUT',
    url: `/api/progress/modules/${w.module._id}/completion`,
    ...json({ completed: true }),
  }),
  getCourseProgress: async (w) => ({ method: 'GET', url: `/api/courses/${w.course._id}/progress` }),
  // each caller schedules their own review of the world module's line: cells do not depend on one another
  recordLinePractice: async (w) => ({
    method: 'POST',
    url: `/api/lines/${w.module._id}/practice`,
    ...json({ mistakes: 1 }),
  }),
  // each student records their own result of the world module's first puzzle (the first kept, a retry changes nothing)
  recordModulePuzzle: async (w) => ({
    method: 'PUT',
    url: `/api/modules/${w.module._id}/puzzles/0`,
    ...json({ solved: true }),
  }),
  getDueReviews: async () => ({ method: 'GET', url: '/api/reviews' }),
  getReviewSummary: async () => ({ method: 'GET', url: '/api/reviews/summary' }),
  getReviewForecast: async () => ({ method: 'GET', url: '/api/reviews/forecast?tzOffset=60' }),
  getDifficultMoves: async () => ({ method: 'GET', url: '/api/reviews/difficult-moves' }),
  // a fresh key per cell: each caller keeps a new game of their own
  saveGame: async () => ({ method: 'POST', url: '/api/games', ...json(keptGame()) }),
  listMyGames: async () => ({ method: 'GET', url: '/api/games?limit=5' }),
  // a game of `student`, fresh per cell: only its player reads or deletes it
  getGame: async (w) => ({ method: 'GET', url: `/api/games/${await studentGame(w)}` }),
  deleteGame: async (w) => ({ method: 'DELETE', url: `/api/games/${await studentGame(w)}` }),
  // a fresh puzzle per cell: never one the caller played
  getNextPuzzle: async (w) => {
    await freshPuzzle(w)
    return { method: 'GET', url: '/api/puzzles/next?theme=mateIn1&difficulty=harder' }
  },
  getDailyPuzzle: async (w) => {
    await freshPuzzle(w)
    return { method: 'GET', url: '/api/puzzles/daily' }
  },
  getPuzzleStats: async () => ({ method: 'GET', url: '/api/puzzles/stats' }),
  getPuzzle: async (w) => ({ method: 'GET', url: `/api/puzzles/${await freshPuzzle(w)}` }),
  getMyPuzzleRating: async () => ({ method: 'GET', url: '/api/puzzles/rating' }),
  recordPuzzleAttempt: async (w) => ({
    method: 'POST',
    url: `/api/puzzles/${await freshPuzzle(w)}/attempts`,
    ...json({ solved: true }),
  }),
  // a game and a puzzle to review of `student`, fresh per cell: only their player keeps or reviews them
  keepGameMistakes: async (w) => ({
    method: 'POST',
    url: `/api/games/${await studentGame(w)}/mistakes`,
    ...json({ mistakes: [WHITE_MISTAKE] }),
  }),
  getCourseReviews: async (w) => ({ method: 'GET', url: `/api/courses/${w.course._id}/reviews?limit=5` }),
  getMyCourseReview: async (w) => ({ method: 'GET', url: `/api/courses/${w.course._id}/reviews/mine` }),
  // a fresh course per cell whose module `enrolledStudent` completed: the one who may review it creates their review
  saveMyCourseReview: async (w) => ({
    method: 'PUT',
    url: `/api/courses/${(await reviewableCourse(w))._id}/reviews/mine`,
    ...json({ rating: 5, text: 'The endgame chapters are superb.' }),
  }),
  // a fresh review per cell: a review is replied to once, and removed once
  replyToCourseReview: async (w) => ({
    method: 'POST',
    url: `/api/course-reviews/${await freshReview(w)}/reply`,
    ...json({ text: 'Thank you!' }),
  }),
  removeCourseReview: async (w) => ({
    method: 'POST',
    url: `/api/course-reviews/${await freshReview(w)}/removal`,
    ...json({ reason: 'Off topic' }),
  }),
  getDuePuzzles: async () => ({ method: 'GET', url: '/api/reviews/puzzles' }),
  recordPuzzleReview: async (w) => ({
    method: 'POST',
    url: `/api/reviews/puzzles/${await studentReviewPuzzle(w)}`,
    ...json({ solved: false }),
  }),
  getCertificate: async (w) => ({ method: 'GET', url: `/api/certificates/${await privateCertificateOf(w)}` }),
  getMyCertificates: async () => ({ method: 'GET', url: '/api/profile/me/certificates' }),
  setCertificatePrivacy: async () => ({
    method: 'PUT',
    url: '/api/profile/me/certificate-privacy',
    ...keptPrivate,
  }),
}

type DraftBuild = (w: World, actor: DraftActor) => Promise<CellReq>

/** The world's draft (made by buildDraft before the draft table runs). */
function draftOf(w: World): Draft {
  if (!w.draft) throw new Error('the draft table needs buildDraft(w) first')
  return w.draft
}

/** Whether the draft table expects this cell to succeed: only those cells get a fresh target, the refusals share one. */
const succeeds = (id: string, actor: DraftActor) => DRAFT_MATRIX[id][actor] < 300

/** The request of each DRAFT_MATRIX operation on the world's draft (a fresh module or course where one succeeds). */
export const DRAFT_REQUESTS: Record<string, DraftBuild> = {
  getCourse: async (w) => ({ method: 'GET', url: `/api/courses/${draftOf(w).course._id}` }),
  getCourseCurriculum: async (w) => ({
    method: 'GET',
    url: `/api/courses/${draftOf(w).course._id}/curriculum`,
  }),
  getEnrolledStudents: async (w) => ({
    method: 'GET',
    url: `/api/courses/${draftOf(w).course._id}/enrolled-students`,
  }),
  getModulesByCourse: async (w) => ({ method: 'GET', url: `/api/modules/course/${draftOf(w).course._id}` }),
  getPreviewModule: async (w) => {
    const { module } = draftOf(w)
    await w.h.query('UPDATE modules SET free_preview = true WHERE id = $1', [module._id])
    return { method: 'GET', url: `/api/modules/${module._id}/preview` }
  },
  getCourseProgress: async (w) => ({ method: 'GET', url: `/api/courses/${draftOf(w).course._id}/progress` }),
  // the title only: the course stays a draft
  updateCourse: async (w) => ({
    method: 'PATCH',
    url: `/api/courses/${draftOf(w).course._id}`,
    ...json({ title: uniq('Draft ') }),
  }),
  deleteCourse: async (w, actor) => {
    const d = draftOf(w)
    const c = succeeds('deleteCourse', actor)
      ? await createCourse(w.h.send, w.courseInstructor, { published: false })
      : d.course
    return { method: 'DELETE', url: `/api/courses/${c._id}` }
  },
  saveModuleProgress: async (w) => ({
    method: 'PUT',
    url: `/api/progress/modules/${draftOf(w).module._id}`,
    ...json({ positionSeconds: 120.5, durationSeconds: 600 }),
  }),
  setModuleCompletion: async (w) => ({
    method: 'PUT',
    url: `/api/progress/modules/${draftOf(w).module._id}/completion`,
    ...json({ completed: true }),
  }),
  // more mistakes than the line's 4 moves: a reader is told so (400), whoever may not see the course is told nothing
  recordLinePractice: async (w, actor) => ({
    method: 'POST',
    url: `/api/lines/${draftOf(w).module._id}/practice`,
    ...json({ mistakes: succeeds('recordLinePractice', actor) ? 1 : 99 }),
  }),
  recordModulePuzzle: async (w) => ({
    method: 'PUT',
    url: `/api/modules/${draftOf(w).module._id}/puzzles/0`,
    ...json({ solved: false }),
  }),
  getVideo: async (w) => ({ method: 'GET', url: `/api/videos/${draftOf(w).video._id}` }),
  getCourseReviews: async (w) => ({ method: 'GET', url: `/api/courses/${draftOf(w).course._id}/reviews` }),
  getMyCourseReview: async (w) => ({
    method: 'GET',
    url: `/api/courses/${draftOf(w).course._id}/reviews/mine`,
  }),
  createModule: async (w) => ({
    method: 'POST',
    url: '/api/modules',
    ...json({
      title: 'Opposition',
      description: 'King and pawn.',
      videoUrl: 'https://vimeo.com/1',
      courseId: draftOf(w).course._id,
    }),
  }),
  updateModule: async (w) => ({
    method: 'PATCH',
    url: `/api/modules/${draftOf(w).module._id}`,
    ...json({ title: uniq('Triangulation ') }),
  }),
  deleteModule: async (w, actor) => {
    const d = draftOf(w)
    const m = succeeds('deleteModule', actor)
      ? await createModule(w.h.send, w.courseInstructor, d.course._id)
      : d.module
    return { method: 'DELETE', url: `/api/modules/${m._id}` }
  },
  // the course's modules as they are now (the createModule cells add some), in reverse
  reorderModules: async (w) => {
    const d = draftOf(w)
    const rows = await w.h.query<{ id: string }>(
      'SELECT id FROM modules WHERE course_id = $1 ORDER BY position DESC, id',
      [d.course._id],
    )
    return {
      method: 'PUT',
      url: `/api/courses/${d.course._id}/modules/order`,
      ...json({ moduleIds: rows.map((r) => r.id) }),
    }
  },
  uploadVideo: async (w) => ({
    method: 'POST',
    url: '/api/videos',
    ...multipart(
      { courseId: draftOf(w).course._id },
      { name: 'file', filename: 'clip.mp4', type: 'video/mp4', data: fakeMp4() },
    ),
  }),
  uploadCaptions: async (w) => ({
    method: 'PUT',
    url: `/api/videos/${draftOf(w).video._id}/captions`,
    ...multipart({}, { name: 'file', filename: 'lesson.vtt', type: 'text/vtt', data: Buffer.from(CAPTIONS) }),
  }),
  deleteCaptions: async (w) => ({ method: 'DELETE', url: `/api/videos/${draftOf(w).video._id}/captions` }),
}

type PreviewBuild = (w: World, actor: DraftActor, kind: PreviewKind) => Promise<CellReq>

/** The world's free preview and locked modules (made by buildPreviews before the preview table runs). */
function previewsOf(w: World) {
  if (!w.previews) throw new Error('the preview table needs buildPreviews(w) first')
  return w.previews
}

/** The actor's way to a medium of the module: the URL its getPreviewModule handed out, or that call where refused. */
const mediumOf =
  (field: 'filePath' | 'captionsUrl' | 'posterUrl'): PreviewBuild =>
  async (w, actor, kind) => {
    const read: CellReq = { method: 'GET', url: `/api/modules/${previewsOf(w)[kind]._id}/preview` }
    const res = await w.h.send({ ...read, token: w.tokens[actor] })
    const url = (res.body as { video?: Record<string, string> } | undefined)?.video?.[field]
    return res.status === 200 && url ? { method: 'GET', url } : read
  }

/** The request of each PREVIEW_MATRIX operation on the world's free preview or locked module. */
export const PREVIEW_REQUESTS: Record<string, PreviewBuild> = {
  getPreviewModule: async (w, _actor, kind) => ({
    method: 'GET',
    url: `/api/modules/${previewsOf(w)[kind]._id}/preview`,
  }),
  streamVideo: mediumOf('filePath'),
  streamCaptions: mediumOf('captionsUrl'),
  streamPoster: mediumOf('posterUrl'),
  recordLinePractice: async (w, _actor, kind) => ({
    method: 'POST',
    url: `/api/lines/${previewsOf(w)[kind]._id}/practice`,
    ...json({ mistakes: 1 }),
  }),
}
