// Every action answers, also when the server is away: for each mutation of the generated API, the control that
// sends it says why it failed, in words next to it (role="alert"), and can be used again. The server answers the
// mutation with a network error or a 503 (alternately); everything else is the real server. A mutation added to
// the contract fails this file until it has a row here.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { MUTATION_TIMEOUT_MS } from '@/api/baseApi'
import { config } from '@/app/config'
import { failedCallText } from '@/app/listeners'
import { makeStore, type PreloadedState } from '@/app/store'
import AdminPage from '@/features/admin/AdminPage'
import OrdersPanel from '@/features/admin/OrdersPanel'
import ForgotPasswordPage from '@/features/auth/ForgotPasswordPage'
import LoginPage from '@/features/auth/LoginPage'
import RegisterPage from '@/features/auth/RegisterPage'
import ResetPasswordPage from '@/features/auth/ResetPasswordPage'
import UnsubscribePage from '@/features/auth/UnsubscribePage'
import VerifyEmailPage from '@/features/auth/VerifyEmailPage'
import CartPage from '@/features/cart/CartPage'
import { cartApi } from '@/features/cart/cartEndpoints'
import CoursesPage from '@/features/courses/CoursesPage'
import { GAME_NOT_KEPT_TEXT, keepFinishedGame } from '@/features/game/gameSaver'
import { AlertList } from '@/features/layout/AlertList'
import { NavBar } from '@/features/layout/NavBar'
import LessonPage from '@/features/modules/LessonPage'
import ModulesPage from '@/features/modules/ModulesPage'
import PlayerPage from '@/features/player/PlayerPage'
import ProfilePage from '@/features/profile/ProfilePage'
import PuzzlesPage from '@/features/puzzles/PuzzlesPage'
import ReviewPage from '@/features/review/ReviewPage'
import { renderWithProviders } from '../helpers/renderWithProviders'
import {
  problem,
  query,
  seedCart,
  seedComment,
  seedCourse,
  seedEnrollment,
  seedFollower,
  seedModule,
  seedProgress,
  seedUser,
  seedVideo,
  sessionOf,
  type SeededUser,
} from '../helpers/backend'
import { server } from '../helpers/mswServer'
import { stubBoardLayout } from '../features/game/boardLayout'

const SRC = join(process.cwd(), 'src')
/** Every file of the generated API, as the folder holds them now (a new one is read too). */
const GENERATED = readdirSync(join(SRC, 'api/generated'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => readFileSync(join(SRC, 'api/generated', file), 'utf8'))

/** The mutations of the generated API, as its files declare them (`name: build.mutation<`), whichever page is loaded. */
const mutationNames = [
  ...new Set(
    GENERATED.flatMap((source) => [...source.matchAll(/^ *(\w+): build\.mutation</gm)].map((m) => m[1])),
  ),
].sort()

/** Each mutation's method and path, read from a generated file (`/api/modules/${queryArg.moduleId}`). */
function mutationRoutes(source: string): [string, { method: string; path: string }][] {
  const found: [string, { method: string; path: string }][] = []
  let name: string | undefined
  let path: string | undefined
  for (const line of source.split('\n')) {
    const start = line.indexOf(': build.')
    if (start >= 0) {
      name = line.includes(': build.mutation<') ? line.slice(0, start).trim() : undefined
      path = undefined
    }
    const url = name && /url: `([^`]*)`/.exec(line)
    if (url) path = url[1].replace(/\$\{queryArg\.([A-Za-z]+)\}/g, ':$1')
    const method = name && path && /method: '([A-Z]+)'/.exec(line)
    if (method && name && path) {
      found.push([name, { method: method[1], path }])
      name = undefined
    }
  }
  return found
}
const routes = new Map(GENERATED.flatMap(mutationRoutes))

/** The files of src/ that send a mutation (its hook or its initiate), apart from the generated and endpoints files. */
function callersOf(name: string): string[] {
  const hook = `use${name[0].toUpperCase()}${name.slice(1)}Mutation`
  const call = new RegExp(`\\b${hook}\\b|endpoints\\.${name}\\.initiate\\b`)
  return (readdirSync(SRC, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('api/generated') && !/Endpoints\.ts$/.test(f))
    .filter((f) => call.test(readFileSync(join(SRC, f), 'utf8')))
    .sort()
}

type Run = {
  /** The control that sent the mutation, as it is after the failure. */
  control: () => HTMLElement
  /** Where its failure must be said: the closest such ancestor of the control. */
  near?: string
}
/** A row: seed, render and press the control that sends the mutation. */
type Row = (() => Promise<Run>) | { noCaller: string } | { background: string; callers: string[] }

const NEAR = 'form, li, tr, article, section, .row, .card'

const signedIn = (who: SeededUser): PreloadedState => ({ auth: sessionOf(who) })
function render(ui: React.ReactElement, route: string, path: string, who?: SeededUser) {
  return renderWithProviders(ui, { route, path, preloadedState: who && signedIn(who) })
}
const button = (name: string | RegExp, inside: HTMLElement = document.body) =>
  within(inside).getByRole('button', { name })
const confirm = async (user: ReturnType<typeof render>['user']) =>
  user.click(
    within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'OK' }),
  )

/** Types into a field at once (a paste): the rows are about the answer, not the keystrokes. */
async function fill(user: ReturnType<typeof render>['user'], field: HTMLElement, text: string) {
  await user.click(field)
  await user.paste(text)
}

const PASSWORD = 'a-long-passphrase-7'
const TOKEN = 'A'.repeat(43)

/** A teacher's course with two modules, on its modules page, as its teacher. */
async function studio({ uploaded = false } = {}) {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Endgames', instructor: teacher })
  const video = uploaded ? seedVideo(course._id) : undefined
  // an upload's captions are offered without a video URL: a module with a line needs none
  const line = video && { pgn: '1. e4 *', side: 'white' as const }
  seedModule({ courseId: course._id, title: 'King activity', videoId: video?._id ?? null, line })
  seedModule({ courseId: course._id, title: 'Opposition' })
  const r = render(<ModulesPage />, `/courses/${course._id}/modules`, '/courses/:courseId/modules', teacher)
  await screen.findByRole('heading', { name: 'King activity' })
  return r
}

async function newModule(file?: File) {
  const { user } = await studio()
  await user.click(button('Add Module'))
  await fill(user, screen.getByPlaceholderText('Module Title'), 'Rook endings')
  await fill(user, screen.getByPlaceholderText('Module Description'), 'The Lucena position')
  if (file) await user.upload(screen.getByLabelText('Or upload a video file'), file)
  else await fill(user, screen.getByPlaceholderText('Video URL'), 'https://videos.example.com/rook.mp4')
  await user.click(button('Add Module'))
  return { control: () => button('Add Module'), near: 'form' }
}

/** A student's /courses with one course of this price. */
async function catalogue(price: number) {
  const stu = seedUser({ username: 'stu' })
  seedCourse({ title: 'Openings', price })
  return render(<CoursesPage />, '/courses', '/courses', stu)
}

/** An instructor's /courses with their own published course. */
async function ownCatalogue() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  seedCourse({ title: 'Openings', instructor: teacher })
  const r = render(<CoursesPage />, '/courses', '/courses', teacher)
  await screen.findByRole('button', { name: 'Delete Openings' })
  return r
}

async function ownProfile(who = seedUser({ username: 'stu' })) {
  const r = render(<ProfilePage />, '/profile', '/profile', who)
  await screen.findByRole('button', { name: 'Edit Profile' })
  return r
}

async function playerPage(who: SeededUser) {
  const r = render(<PlayerPage />, '/player/hikaru', '/player/:username', who)
  await screen.findByRole('article', { name: 'Hikaru Nakamura' })
  return r
}

async function adminPage() {
  const admin = seedUser({ username: 'root', role: 'admin' })
  seedUser({ username: 'bob' })
  const r = render(<AdminPage />, '/admin', '/admin', admin)
  await screen.findByRole('combobox', { name: 'Role of bob' })
  return r
}

/** A student's /cart holding one course, 'Openings'. */
function cartWithOpenings() {
  const stu = seedUser({ username: 'stu' })
  seedCart(stu._id, [seedCourse({ title: 'Openings' })._id])
  return render(<CartPage />, '/cart', '/cart', stu)
}

/** A rated puzzle: White's king steps into the corner, and Black mates on the first rank (a8a1). */
const MATE = { id: 'mate1', fen: 'r5k1/5ppp/8/8/8/8/6PP/6K1 w - - 0 1', moves: ['g1h1', 'a8a1'] }
const seedPuzzle = () =>
  query("INSERT INTO puzzles (id, fen, moves, themes, rating) VALUES ($1, $2, $3, '{mateIn1}', 1380)", [
    MATE.id,
    MATE.fen,
    MATE.moves,
  ])
/** The solver's mate on the board shown: Ra1#. */
function mate() {
  const board = screen.getByRole('application', { name: /you play black$/ })
  for (const square of ['a8', 'a1']) fireEvent.click(board.querySelector(`[data-square="${square}"]`)!)
}

/** A teacher's course with one module. */
function reviewedCourse() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Endgames', instructor: teacher })
  return { teacher, course, mod: seedModule({ courseId: course._id, title: 'King activity' }) }
}

/** A teacher's course reviewed by bob, who completed its module. */
async function courseWithReview() {
  const { teacher, course, mod } = reviewedCourse()
  const bob = seedUser({ username: 'bob' })
  seedEnrollment(course._id, bob._id)
  seedProgress(bob, mod, { completed: true })
  await query(
    "INSERT INTO course_reviews (course_id, student_id, rating, text) VALUES ($1, $2, 5, 'Loved it.')",
    [course._id, bob._id],
  )
  return { teacher, course }
}

const ROWS: Record<string, Row> = {
  register: async () => {
    const { user } = render(<RegisterPage />, '/register', '/register')
    await fill(user, screen.getByLabelText('Username'), 'newcomer')
    await fill(user, screen.getByLabelText('Email'), 'newcomer@example.com')
    await fill(user, screen.getByLabelText('Password'), PASSWORD)
    await user.click(button('Register'))
    return { control: () => button('Register') }
  },
  login: async () => {
    const { user } = render(<LoginPage />, '/login', '/login')
    await fill(user, screen.getByLabelText('Email'), 'stu@example.com')
    await fill(user, screen.getByLabelText('Password'), PASSWORD)
    await user.click(button('Login'))
    return { control: () => button('Login') }
  },
  logout: async () => {
    // Its button goes with the session: the failure is said where the page's alerts are, above the navigation.
    const { user } = renderWithProviders(
      <>
        <AlertList />
        <NavBar />
      </>,
      { preloadedState: signedIn(seedUser({ username: 'stu' })) },
    )
    await user.click(button('Logout'))
    return { control: () => screen.getByRole('link', { name: 'Login' }), near: 'body' }
  },
  logoutEverywhere: async () => {
    const { user } = await ownProfile()
    await user.click(button('Log out everywhere'))
    return { control: () => button('Log out everywhere') }
  },
  requestPasswordReset: async () => {
    const { user } = render(<ForgotPasswordPage />, '/forgot-password', '/forgot-password')
    await fill(user, screen.getByLabelText('Email'), 'stu@example.com')
    await user.click(button('Send reset link'))
    return { control: () => button('Send reset link') }
  },
  resetPassword: async () => {
    const { user } = render(<ResetPasswordPage />, `/reset-password?token=${TOKEN}`, '/reset-password')
    await fill(user, screen.getByLabelText('New password'), PASSWORD)
    await fill(user, screen.getByLabelText('New password again'), PASSWORD)
    await user.click(button('Set new password'))
    return { control: () => button('Set new password') }
  },
  verifyEmail: async () => {
    // Sent as the mailed link's page opens: no control, the page says it.
    render(<VerifyEmailPage />, `/verify-email?token=${TOKEN}`, '/verify-email')
    return { control: () => screen.getByRole('heading', { name: 'Verify your email' }), near: 'section' }
  },
  unsubscribeReviewReminders: async () => {
    const stu = seedUser({ username: 'stu' })
    const { user } = render(<UnsubscribePage />, `/unsubscribe?user=${stu._id}&sig=${TOKEN}`, '/unsubscribe')
    await user.click(button('Unsubscribe'))
    return { control: () => button('Unsubscribe') }
  },
  createCourse: async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const { user } = render(<CoursesPage />, '/courses', '/courses', teacher)
    const form = await screen.findByRole('form', { name: 'Create course' })
    await fill(user, within(form).getByLabelText('Title'), 'Rook endings')
    await fill(user, within(form).getByLabelText('Description'), 'The Lucena position')
    await fill(user, within(form).getByLabelText('Price'), '12')
    await user.click(button('Create Course', form))
    return { control: () => button('Create Course', form), near: 'form' }
  },
  updateCourse: async () => {
    const { user } = await ownCatalogue()
    await user.click(button('Unpublish Openings'))
    return { control: () => button('Unpublish Openings'), near: 'article' }
  },
  deleteCourse: async () => {
    const { user } = await ownCatalogue()
    await user.click(button('Delete Openings'))
    await confirm(user)
    return { control: () => button('Delete Openings'), near: 'article' }
  },
  reorderModules: async () => {
    const { user } = await studio()
    await user.click(button('Move King activity down'))
    return { control: () => button('Move King activity down'), near: '.module-slot' }
  },
  enrollInCourse: async () => {
    const { user } = await catalogue(0)
    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }))
    return { control: () => button('Enroll Now'), near: 'article' }
  },
  saveModuleProgress: {
    background: "the video player's position, saved while it plays; a failed save is sent again later",
    callers: ['features/progress/useVideoProgress.ts'],
  },
  setModuleCompletion: async () => {
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Endgames' })
    seedModule({ courseId: course._id, title: 'King activity' })
    seedEnrollment(course._id, stu._id)
    const { user } = render(
      <ModulesPage />,
      `/courses/${course._id}/modules`,
      '/courses/:courseId/modules',
      stu,
    )
    await user.click(await screen.findByRole('button', { name: 'Mark as complete' }))
    return { control: () => button('Mark as complete'), near: '.row' }
  },
  recordLinePractice: async () => {
    const layout = stubBoardLayout()
    onTestFinished(() => layout.mockRestore())
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Openings' })
    seedModule({ courseId: course._id, title: 'Kings pawn', line: { pgn: '1. e4 *', side: 'white' } })
    seedEnrollment(course._id, stu._id)
    const { user } = render(
      <ModulesPage />,
      `/courses/${course._id}/modules`,
      '/courses/:courseId/modules',
      stu,
    )
    const viewer = await screen.findByRole('region', { name: 'Line: Kings pawn' })
    await user.click(within(viewer).getByRole('button', { name: 'Practise this line' }))
    const panel = await screen.findByRole('region', { name: 'Practice: Kings pawn' })
    await user.type(within(panel).getByRole('textbox', { name: 'Your move' }), 'e4{Enter}')
    return { control: () => button('Start again'), near: '.line-panel' }
  },
  recordModulePuzzle: async () => {
    const layout = stubBoardLayout()
    onTestFinished(() => layout.mockRestore())
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Tactics' })
    // After 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6: Qxf7 mates.
    const fen = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
    const module = seedModule({ courseId: course._id, title: 'Mates', puzzles: [{ fen, moves: ['h5f7'] }] })
    seedEnrollment(course._id, stu._id)
    render(
      <LessonPage />,
      `/courses/${course._id}/modules/${module._id}`,
      '/courses/:courseId/modules/:moduleId',
      stu,
    )
    const board = await screen.findByRole('application', { name: 'Puzzle 1 board, you play white' })
    for (const square of ['h5', 'f7']) fireEvent.click(board.querySelector(`[data-square="${square}"]`)!)
    // the result is said on the set, beside the board's own row of buttons
    return { control: () => button('See the results'), near: 'section' }
  },
  createModule: () => newModule(),
  updateModule: async () => {
    const { user } = await studio()
    await user.click(button('Edit King activity'))
    const title = screen.getByPlaceholderText('Module Title')
    await user.clear(title)
    await fill(user, title, 'The active king')
    await user.click(button('Update Module'))
    return { control: () => button('Update Module'), near: 'form' }
  },
  deleteModule: async () => {
    const { user } = await studio()
    await user.click(button('Delete King activity'))
    await confirm(user)
    return { control: () => button('Delete King activity'), near: '.module-slot' }
  },
  uploadVideo: () => newModule(new File([new Uint8Array(64)], 'rook.webm', { type: 'video/webm' })),
  uploadCaptions: async () => {
    const layout = stubBoardLayout()
    onTestFinished(() => layout.mockRestore())
    const { user } = await studio({ uploaded: true })
    await user.click(button('Edit King activity'))
    await user.clear(screen.getByPlaceholderText('Video URL'))
    await user.upload(
      screen.getByLabelText(/^Captions/),
      new File(['WEBVTT\n'], 'en.vtt', { type: 'text/vtt' }),
    )
    await user.click(button('Update Module'))
    return { control: () => button('Update Module'), near: 'form' }
  },
  deleteCaptions: {
    noCaller: 'captions are replaced by a new upload; no screen offers to remove them',
  },
  updateMyProfile: async () => {
    const { user } = await ownProfile()
    await user.click(button('Edit Profile'))
    await fill(user, screen.getByLabelText('Bio'), 'Plays the Caro-Kann')
    await user.click(button('Save Changes'))
    return { control: () => button('Save Changes'), near: 'form' }
  },
  changeMyPassword: async () => {
    const { user } = await ownProfile()
    const form = button('Change password').closest('form')!
    await fill(user, within(form).getByLabelText('Current password'), PASSWORD)
    await fill(user, within(form).getByLabelText('New password'), `${PASSWORD}-new`)
    await fill(user, within(form).getByLabelText('New password again'), `${PASSWORD}-new`)
    await user.click(button('Change password', form))
    return { control: () => button('Change password', form), near: 'form' }
  },
  changeMyEmail: async () => {
    const { user } = await ownProfile()
    const form = button('Change email').closest('form')!
    await fill(user, within(form).getByLabelText('New email'), 'elsewhere@example.com')
    await fill(user, within(form).getByLabelText('Current password'), PASSWORD)
    await user.click(button('Change email', form))
    return { control: () => button('Change email', form), near: 'form' }
  },
  resendVerificationEmail: async () => {
    const { user } = await ownProfile()
    await user.click(await screen.findByRole('button', { name: 'Send again' }))
    return { control: () => button('Send again'), near: 'section' }
  },
  setReviewReminders: async () => {
    const { user } = await ownProfile()
    const box = await screen.findByRole('checkbox', { name: 'Email me when lines are due for review' })
    await waitFor(() => expect(box).toBeEnabled())
    await user.click(box)
    return {
      control: () => screen.getByRole('checkbox', { name: 'Email me when lines are due for review' }),
      near: 'section',
    }
  },
  setCertificatePrivacy: async () => {
    const { user } = await ownProfile()
    const box = await screen.findByRole('checkbox', { name: 'Keep my certificates private' })
    await user.click(box)
    return {
      control: () => screen.getByRole('checkbox', { name: 'Keep my certificates private' }),
      near: 'section',
    }
  },
  updateUserRole: async () => {
    const { user } = await adminPage()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of bob' }), 'instructor')
    return { control: () => screen.getByRole('combobox', { name: 'Role of bob' }), near: 'tr' }
  },
  setUserPassword: async () => {
    const { user } = await adminPage()
    await user.click(button('Set password for bob'))
    const row = screen.getByRole('combobox', { name: 'Role of bob' }).closest('tr')!
    await fill(user, within(row).getByLabelText('New password'), PASSWORD)
    await user.click(button('Save', row))
    return { control: () => button('Save', row), near: 'tr' }
  },
  followPlayer: async () => {
    const { user } = await playerPage(seedUser({ username: 'stu' }))
    const follow = await screen.findByRole('button', { name: 'Follow' })
    await waitFor(() => expect(follow).toBeEnabled())
    await user.click(follow)
    return { control: () => button('Follow') }
  },
  unfollowPlayer: async () => {
    const stu = seedUser({ username: 'stu' })
    seedFollower('hikaru', stu)
    const { user } = await playerPage(stu)
    const unfollow = await screen.findByRole('button', { name: 'Unfollow' })
    await waitFor(() => expect(unfollow).toBeEnabled())
    await user.click(unfollow)
    return { control: () => button('Unfollow') }
  },
  commentPlayer: async () => {
    const { user } = await playerPage(seedUser({ username: 'stu' }))
    await fill(user, screen.getByRole('textbox', { name: 'Your comment' }), 'Amazing blitz games!')
    await user.click(button('Comment'))
    return { control: () => button('Comment'), near: 'form' }
  },
  deleteComment: async () => {
    const stu = seedUser({ username: 'stu' })
    seedComment('hikaru', stu, 'Amazing blitz games!')
    const { user } = await playerPage(stu)
    const comment = (await screen.findByText('Amazing blitz games!')).closest('li')!
    await user.click(button('Delete', comment))
    await confirm(user)
    return {
      control: () => button('Delete', screen.getByText('Amazing blitz games!').closest('li')!),
      near: 'section',
    }
  },
  addToCart: async () => {
    const { user } = await catalogue(10)
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }))
    return { control: () => button('Add to Cart'), near: 'article' }
  },
  removeFromCart: async () => {
    const { user } = cartWithOpenings()
    await user.click(await screen.findByRole('button', { name: 'Remove Openings' }))
    return { control: () => button('Remove Openings'), near: 'li' }
  },
  checkout: async () => {
    const { user } = cartWithOpenings()
    await user.click(await screen.findByRole('button', { name: 'Checkout' }))
    return { control: () => button('Checkout'), near: 'section' }
  },
  saveGame: {
    background:
      "a finished practice game, kept as it ends (three tries); the last failure is said in the page's alerts (below)",
    callers: ['features/game/gameSaver.ts'],
  },
  deleteGame: async () => {
    const me = seedUser({ username: 'stu' })
    await query(
      `INSERT INTO games (user_id, key, pgn, result, opponent_level, colour, moves, played_at)
       VALUES ($1, gen_random_uuid(), '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0', '1-0', 'random', 'white', 7, now())`,
      [me._id],
    )
    const { user } = await ownProfile(me)
    const table = await screen.findByRole('table')
    await user.click(within(table).getByRole('button', { name: 'Delete' }))
    await confirm(user)
    return {
      control: () => within(screen.getByRole('table')).getByRole('button', { name: 'Delete' }),
      near: 'section',
    }
  },
  refundOrder: async () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Openings' })
    const [order] = await query<{ id: string }>(
      `INSERT INTO orders (user_id, total_cents, status, kind, idempotency_key, payment_reference, provider, created_at)
       VALUES ($1, 1000, 'paid', 'checkout', 'key-refund-row', 'local-ref-1', 'simulated', now()) RETURNING id`,
      [stu._id],
    )
    await query(
      'INSERT INTO order_items (order_id, course_id, course_title, price_cents, position) VALUES ($1, $2, $3, 1000, 1)',
      [order.id, course._id, course.title],
    )
    const { user } = renderWithProviders(<OrdersPanel />, { preloadedState: signedIn(admin) })
    const name = `Refund order ${order.id.slice(0, 8).toUpperCase()}`
    await user.click(await screen.findByRole('button', { name }))
    const dialog = screen.getByRole('dialog', { name: 'Refund this order?' })
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    return { control: () => button(name), near: 'section' }
  },
  recordPuzzleAttempt: async () => {
    const layout = stubBoardLayout()
    onTestFinished(() => layout.mockRestore())
    await seedPuzzle()
    render(<PuzzlesPage />, `/puzzles/${MATE.id}`, '/puzzles/:puzzleId', seedUser({ username: 'stu' }))
    await screen.findByText(/^Your turn: find the best move/, {}, { timeout: 10000 })
    await waitFor(() => expect(button('Hint')).toBeEnabled())
    mate()
    // the result is said on the trainer's page, above the board and its row of buttons
    return { control: () => button('Next puzzle'), near: 'section' }
  },
  keepGameMistakes: {
    background:
      "a kept game's mistakes, sent as its report ends; a failure is said under the report with its own 'Try again'",
    callers: ['features/analysis/KeptMistakes.tsx'],
  },
  recordPuzzleReview: async () => {
    const layout = stubBoardLayout()
    onTestFinished(() => layout.mockRestore())
    const stu = seedUser({ username: 'stu' })
    await seedPuzzle()
    await query(
      `INSERT INTO puzzle_reviews (user_id, kind, puzzle_id, fen, last_move, moves, due)
       VALUES ($1, 'puzzle', $2, $3, $4, $5, now() - interval '1 minute')`,
      [stu._id, MATE.id, 'r5k1/5ppp/8/8/8/8/6PP/7K b - - 1 1', MATE.moves[0], MATE.moves.slice(1)],
    )
    render(<ReviewPage />, '/review', '/review', stu)
    await screen.findByRole('heading', { name: 'Solve the puzzle' })
    mate()
    return { control: () => button('Next puzzle'), near: '.puzzles__side' }
  },
  saveMyCourseReview: async () => {
    const { course, mod } = reviewedCourse()
    const stu = seedUser({ username: 'stu' })
    seedEnrollment(course._id, stu._id)
    seedProgress(stu, mod, { completed: true })
    const { user } = render(
      <ModulesPage />,
      `/courses/${course._id}/modules`,
      '/courses/:courseId/modules',
      stu,
    )
    await user.click(await screen.findByRole('radio', { name: '4 stars' }))
    await user.click(button('Post review'))
    return { control: () => button('Post review'), near: 'form' }
  },
  replyToCourseReview: async () => {
    const { teacher, course } = await courseWithReview()
    const { user } = render(
      <ModulesPage />,
      `/courses/${course._id}/modules`,
      '/courses/:courseId/modules',
      teacher,
    )
    await user.click(await screen.findByRole('button', { name: 'Reply to bob' }))
    await fill(user, screen.getByRole('textbox', { name: 'Your reply' }), 'Thank you, Bob!')
    await user.click(button('Post reply'))
    return { control: () => button('Post reply'), near: 'form' }
  },
  removeCourseReview: async () => {
    const { course } = await courseWithReview()
    const admin = seedUser({ username: 'root', role: 'admin' })
    const { user } = render(
      <ModulesPage />,
      `/courses/${course._id}/modules`,
      '/courses/:courseId/modules',
      admin,
    )
    await user.click(await screen.findByRole('button', { name: 'Remove the review by bob' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove this review?' })
    await fill(user, within(dialog).getByRole('textbox', { name: /Reason/ }), 'Advertising')
    await user.click(button('Remove review', dialog))
    return { control: () => button('Remove review'), near: 'form' }
  },
}

/** Answers one mutation's method and path only, this way. */
function answering(name: string, answer: () => Response | Promise<Response>) {
  const route = routes.get(name)
  if (!route) throw new Error(`no route read for ${name}`)
  const method = route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'
  server.use(http[method](`${config.apiBaseUrl}${route.path}`, answer))
}

/** The server away (no answer) or failing (503), for one mutation. */
const failing = (name: string, kind: 'network' | 503) =>
  answering(name, () => (kind === 'network' ? HttpResponse.error() : new HttpResponse(null, { status: 503 })))

function quietConsole() {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  onTestFinished(() => logged.mockRestore())
  return logged
}

describe('every mutation of the SPA says why it failed next to its control', () => {
  it('has a row for each mutation of the generated API, and a route read for each', () => {
    expect(mutationNames.length).toBeGreaterThan(30)
    expect(Object.keys(ROWS).sort()).toEqual(mutationNames)
    expect([...routes.keys()].sort()).toEqual(mutationNames)
  })

  const named = Object.entries(ROWS)
  const noCaller = named.filter((e): e is [string, { noCaller: string }] => 'noCaller' in e[1])
  it.each(noCaller)('%s has no caller in src/ (%o)', (name) => {
    expect(callersOf(name)).toEqual([])
  })

  const background = named.filter(
    (e): e is [string, { background: string; callers: string[] }] => 'background' in e[1],
  )
  it.each(background)('%s is sent by no control, only in the background (%o)', (name, row) => {
    expect(callersOf(name)).toEqual(row.callers)
  })

  const pressed = named.filter((e): e is [string, () => Promise<Run>] => typeof e[1] === 'function')
  it.each(pressed.map(([name, run], i) => [name, i % 2 ? 503 : 'network', run] as const))(
    '%s: the server %s',
    async (name, kind, run) => {
      const logged = quietConsole()
      failing(name, kind)
      const { control, near = NEAR } = await run()
      // the failure of that very mutation (logged by the app's one listener for failed calls)
      await waitFor(() => expect(logged).toHaveBeenCalledWith(failedCallText(name), expect.anything()))
      await waitFor(() => {
        const at = control()
        const box = near === 'body' ? document.body : at.closest<HTMLElement>(near)
        expect(box, `no ${near} around the control`).not.toBeNull()
        const said = within(box!)
          .queryAllByRole('alert')
          .map((alert) => alert.textContent ?? '')
        expect(said.some((text) => text.trim().split(' ').length >= 3)).toBe(true)
        expect(at).toBeEnabled()
        expect(at).not.toHaveAttribute('aria-busy', 'true')
      })
    },
  )
})

describe('a failed action', () => {
  it(`fails after ${MUTATION_TIMEOUT_MS / 1000} s without an answer, and says the server could not be reached`, async () => {
    quietConsole()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    onTestFinished(() => void vi.useRealTimers())
    answering('addToCart', async () => {
      await delay('infinite')
      return HttpResponse.error()
    })
    const store = makeStore(signedIn(seedUser({ username: 'stu' })))
    const sent = store.dispatch(cartApi.endpoints.addToCart.initiate({ cartItemInput: { courseId: 'c' } }))
    await vi.advanceTimersByTimeAsync(MUTATION_TIMEOUT_MS - 100)
    expect(store.getState().api.mutations[sent.requestId]?.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(200)
    const result = await sent
    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' })
  })

  it("says in the page's alerts that a finished game could not be kept, after its last try", async () => {
    quietConsole()
    failing('saveGame', 503)
    const { store } = renderWithProviders(<AlertList />, {
      preloadedState: signedIn(seedUser({ username: 'stu' })),
    })
    const game = { opponent: 'random', playerColor: 'white' } as const
    await keepFinishedGame(
      { pgn: '1. f3 e5 2. g4 Qh4# 0-1', result: '0-1', game },
      true,
      store.dispatch,
      () => Promise.resolve(),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${GAME_NOT_KEPT_TEXT}: the server had a problem. Please try again.`,
    )
  })

  it("keeps showing the server's own sentence for a refusal (4xx problem+json)", async () => {
    quietConsole()
    answering('addToCart', () => problem(409, 'Conflict', 'You are already enrolled in this course'))
    const { user } = await catalogue(10)
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }))
    const card = screen.getByRole('button', { name: 'Add to Cart' }).closest('article')!
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The course could not be added to the cart: You are already enrolled in this course.',
    )
  })
})
