// The module's video resumes at the saved second and saves while playing (at most once per
// 10 s), on pause, seek, end and when the page is hidden; 'Mark as complete' is optimistic and rolls back with an
// alert. The player is a fake whose media element the test drives (./fakePlayer.tsx); the server is the real one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import ModulesPage from '@/features/modules/ModulesPage'
import { AlertList } from '@/features/layout/AlertList'
import { COMPLETION_ROLLBACK_TEXT } from '@/features/modules/moduleListeners'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  problem,
  query,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedProgress,
  seedUser,
  sessionOf,
  type SeededModule,
  type SeededUser,
} from '../../helpers/backend'
import { countRequests, server } from '../../helpers/mswServer'
import { forgetPlayers, knowLengthAtStart, player } from './fakePlayer'
import { recordingScrolls } from '../../helpers/recordScrolls'

vi.mock('react-player', () => import('./fakePlayer'))

const SAVE_URL = `${config.apiBaseUrl}/api/progress/modules/:moduleId`

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const stu = seedUser({ username: 'stu' })
  const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
  const one = seedModule({
    courseId: course._id,
    title: 'King activity',
    videoUrl: 'https://v.example.com/1.mp4',
  })
  const two = seedModule({
    courseId: course._id,
    title: 'Opposition',
    videoUrl: 'https://v.example.com/2.mp4',
  })
  seedEnrollment(course._id, stu._id)
  return { teacher, stu, course, one, two }
}

function render(courseId: string, who: SeededUser, hash = '') {
  return renderWithProviders(
    <>
      <AlertList />
      <ModulesPage />
    </>,
    {
      route: `/courses/${courseId}/modules${hash}`,
      path: '/courses/:courseId/modules',
      preloadedState: { auth: sessionOf(who) },
    },
  )
}

/** The page with its videos and the caller's progress loaded. */
async function open(courseId: string, who: SeededUser) {
  const page = render(courseId, who)
  await screen.findAllByRole('region', { name: 'Video player' })
  await screen.findAllByRole('button', { name: /^Mark as (not )?complete$/ })
  return page
}

const card = (title: string) => within(screen.getByRole('article', { name: title }))
const saves = (m: SeededModule) => countRequests(`/api/progress/modules/${m._id}`, 'PUT')
const savedRow = async (m: SeededModule) =>
  (
    await query<{ position: number; duration: number | null; completed: boolean }>(
      `SELECT position_seconds AS position, duration_seconds AS duration, completed_at IS NOT NULL AS completed
       FROM module_progress WHERE module_id = $1`,
      [m._id],
    )
  )[0]

/** Date.now under the test's control: the saver's 10 s are counted on it. */
function controlClock() {
  const start = Date.now()
  let offset = 0
  vi.spyOn(Date, 'now').mockImplementation(() => start + offset)
  return {
    advance: (ms: number) => {
      offset += ms
    },
  }
}

beforeEach(forgetPlayers)
afterEach(() => {
  vi.restoreAllMocks()
})

describe('the module video remembers where it was', () => {
  it('starts at the saved second once the video knows its length', async () => {
    const { stu, course, one, two } = setup()
    seedProgress(stu, one, { positionSeconds: 42, durationSeconds: 100 })
    await open(course._id, stu)
    player(one.videoUrl).load(100)
    player(two.videoUrl).load(80)
    expect(player(one.videoUrl).media.currentTime).toBe(42)
    expect(player(two.videoUrl).media.currentTime).toBe(0)
    // Resuming is no new position: nothing is sent.
    expect(saves(one) + saves(two)).toBe(0)
  })

  it('resumes when the saved position arrives after the video has loaded', async () => {
    const { stu, course, one } = setup()
    seedProgress(stu, one, { positionSeconds: 30, durationSeconds: 100 })
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get(`${config.apiBaseUrl}/api/progress`, async () => {
        await gate
        return undefined
      }),
    )
    render(course._id, stu)
    await screen.findAllByRole('region', { name: 'Video player' })
    player(one.videoUrl).load(100)
    expect(player(one.videoUrl).media.currentTime).toBe(0)
    release()
    await waitFor(() => expect(player(one.videoUrl).media.currentTime).toBe(30))
  })

  it('resumes a video that knew its length before the page listened to it', async () => {
    const { stu, course, one } = setup()
    seedProgress(stu, one, { positionSeconds: 42, durationSeconds: 100 })
    knowLengthAtStart(one.videoUrl, 100)
    await open(course._id, stu)
    await waitFor(() => expect(player(one.videoUrl).media.currentTime).toBe(42))
  })

  it('saves a video whose length-known event was missed: its first timeupdate starts the saving', async () => {
    const { stu, course, one } = setup()
    await open(course._id, stu)
    const video = player(one.videoUrl)
    video.learnLengthSilently(4)
    video.playTo(2.5)
    video.playTo(3.8)
    video.pause()
    await waitFor(async () =>
      expect(await savedRow(one)).toEqual({ position: 3.8, duration: 4, completed: true }),
    )
    expect(await card('King activity').findByText('Completed')).toBeInTheDocument()
  })

  it('saves while playing at most once every 10 s', async () => {
    const { stu, course, one } = setup()
    const clock = controlClock()
    await open(course._id, stu)
    const video = player(one.videoUrl)
    video.load(100)
    video.playTo(0.3)
    for (const second of [2, 4, 6, 8]) {
      clock.advance(2000)
      video.playTo(second + 0.3)
    }
    clock.advance(1900)
    video.playTo(10.2)
    expect(saves(one)).toBe(0)
    clock.advance(100)
    video.playTo(10.3)
    await waitFor(() => expect(saves(one)).toBe(1))
    clock.advance(9000)
    video.playTo(19.3)
    expect(saves(one)).toBe(1)
    clock.advance(1000)
    video.playTo(20.3)
    await waitFor(() => expect(saves(one)).toBe(2))
    await waitFor(async () =>
      expect(await savedRow(one)).toEqual({ position: 20.3, duration: 100, completed: false }),
    )
  })

  it('saves at once on pause, seek and end; the end completes the module without a refetch', async () => {
    const { stu, course, one } = setup()
    await open(course._id, stu)
    const video = player(one.videoUrl)
    video.load(100)
    video.playTo(3)
    video.pause()
    await waitFor(async () => expect((await savedRow(one))?.position).toBe(3))
    video.seek(50)
    await waitFor(async () => expect((await savedRow(one))?.position).toBe(50))
    video.end()
    await waitFor(async () =>
      expect(await savedRow(one)).toEqual({ position: 100, duration: 100, completed: true }),
    )
    // The server completed it at 90 %: its answer shows on the card.
    expect(await card('King activity').findByText('Completed')).toBeInTheDocument()
    expect(card('King activity').getByRole('button', { name: 'Mark as not complete' })).toBeInTheDocument()
    expect(saves(one)).toBe(3)
    expect(countRequests('/api/progress')).toBe(1)
  })

  it('saves with a keepalive request carrying the app’s auth headers when the page is hidden', async () => {
    const { stu, course, one } = setup()
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/'
    const sent: Request[] = []
    const onRequest = ({ request }: { request: Request }) => {
      if (request.method === 'PUT') sent.push(request.clone())
    }
    server.events.on('request:start', onRequest)
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    try {
      await open(course._id, stu)
      const video = player(one.videoUrl)
      video.load(100)
      video.playTo(0.5)
      video.playTo(7)
      document.dispatchEvent(new Event('visibilitychange'))
      await waitFor(async () => expect((await savedRow(one))?.position).toBe(7))
      expect(sent).toHaveLength(1)
      expect(sent[0].keepalive).toBe(true)
      expect(sent[0].headers.get('Authorization')).toBe(`Bearer ${stu.token}`)
      expect(sent[0].headers.get('X-XSRF-TOKEN')).toBe('abc=123')
      expect(await sent[0].json()).toEqual({ positionSeconds: 7, durationSeconds: 100 })
      // Nothing new since: hiding the page again sends nothing.
      document.dispatchEvent(new Event('visibilitychange'))
      expect(saves(one)).toBe(1)
    } finally {
      server.events.removeListener('request:start', onRequest)
      visibility.mockRestore()
    }
  })

  it('keeps playing through a failed save and sends the newest position later', async () => {
    const { stu, course, one } = setup()
    const clock = controlClock()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.put(SAVE_URL, () => problem(503, 'Service Unavailable'), { once: true }))
    await open(course._id, stu)
    const video = player(one.videoUrl)
    video.load(100)
    video.playTo(5)
    video.pause()
    await waitFor(() => expect(saves(one)).toBe(1))
    expect(await savedRow(one)).toBeUndefined()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    video.playTo(6)
    clock.advance(10_000)
    video.playTo(16)
    await waitFor(async () => expect((await savedRow(one))?.position).toBe(16))
    expect(saves(one)).toBe(2)
  })

  it('saves what was not saved yet when the page is left', async () => {
    const { stu, course, one } = setup()
    const page = await open(course._id, stu)
    const video = player(one.videoUrl)
    video.load(100)
    video.playTo(0.5)
    video.playTo(4)
    page.unmount()
    await waitFor(async () => expect((await savedRow(one))?.position).toBe(4))
  })
})

describe("'Mark as complete'", () => {
  it("shows 'Completed' at once, stores it, and 'Mark as not complete' takes it back, refetching nothing", async () => {
    const { stu, course, one, two } = setup()
    const { user } = await open(course._id, stu)
    expect(card('Opposition').getByRole('button', { name: 'Mark as complete' })).toBeInTheDocument()
    await user.click(card('King activity').getByRole('button', { name: 'Mark as complete' }))
    expect(card('King activity').getByText('Completed')).toBeInTheDocument()
    await waitFor(async () => expect((await savedRow(one))?.completed).toBe(true))
    await user.click(card('King activity').getByRole('button', { name: 'Mark as not complete' }))
    expect(card('King activity').getByRole('button', { name: 'Mark as complete' })).toBeInTheDocument()
    expect(card('King activity').queryByText('Completed')).not.toBeInTheDocument()
    await waitFor(async () => expect((await savedRow(one))?.completed).toBe(false))
    expect(await savedRow(two)).toBeUndefined()
    expect(countRequests('/api/progress')).toBe(1)
  })

  it('rolls back with an alert when the server refuses', async () => {
    const { stu, course, one } = setup()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.put(`${SAVE_URL}/completion`, async () => {
        await gate
        return HttpResponse.json({ type: 'about:blank', title: 'Forbidden', status: 403 }, { status: 403 })
      }),
    )
    const { user } = await open(course._id, stu)
    await user.click(card('King activity').getByRole('button', { name: 'Mark as complete' }))
    expect(card('King activity').getByText('Completed')).toBeInTheDocument()
    release()
    expect(await screen.findByText(COMPLETION_ROLLBACK_TEXT)).toBeInTheDocument()
    expect(card('King activity').getByRole('button', { name: 'Mark as complete' })).toBeInTheDocument()
    expect(card('King activity').queryByText('Completed')).not.toBeInTheDocument()
    expect(await savedRow(one)).toBeUndefined()
  })

  it("lets the course's instructor mark a module for themselves", async () => {
    const { teacher, course, one } = setup()
    const { user } = await open(course._id, teacher)
    await user.click(card('King activity').getByRole('button', { name: 'Mark as complete' }))
    expect(card('King activity').getByText('Completed')).toBeInTheDocument()
    const completedBy = () =>
      query<{ userId: string }>(
        'SELECT user_id AS "userId" FROM module_progress WHERE module_id = $1 AND completed_at IS NOT NULL',
        [one._id],
      )
    await waitFor(async () => expect(await completedBy()).toEqual([{ userId: teacher._id }]))
  })
})

describe('those who may not watch', () => {
  it('a visitor and a student not enrolled get the curriculum as before, and no progress call', async () => {
    const { course } = setup()
    const outsider = seedUser({ username: 'outsider' })
    for (const who of [undefined, outsider]) {
      const { unmount } = renderWithProviders(<ModulesPage />, {
        route: `/courses/${course._id}/modules`,
        path: '/courses/:courseId/modules',
        preloadedState: who ? { auth: sessionOf(who) } : undefined,
      })
      expect(await screen.findByText('Opposition')).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Mark as complete' })).not.toBeInTheDocument()
      expect(screen.queryByRole('region', { name: 'Video player' })).not.toBeInTheDocument()
      unmount()
    }
    expect(countRequests('/api/progress')).toBe(0)
  })
})

describe("a link to '#module-{id}'", () => {
  it("brings that module's heading to the top and focuses it once the list shows it", async () => {
    const { stu, course, two } = setup()
    await recordingScrolls(async (scrolled) => {
      render(course._id, stu, `#module-${two._id}`)
      const heading = await screen.findByRole('heading', { name: 'Opposition' })
      await waitFor(() => expect(scrolled).toContain(heading))
      expect(heading).toHaveFocus()
    })
  })
})

describe('the course player', () => {
  it("shows the course's progress at the top for an enrolled student", async () => {
    const { stu, course, one } = setup()
    seedProgress(stu, one, { completed: true, durationSeconds: 100, positionSeconds: 100 })
    render(course._id, stu)
    const bar = await screen.findByRole('progressbar', { name: '1 of 2 modules completed' })
    expect(bar).toHaveAttribute('aria-valuenow', '50')
    // above the modules
    const modules = screen.getByRole('heading', { name: 'Modules', level: 2 })
    expect(bar.compareDocumentPosition(modules) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it("'Next module' and 'Previous module' bring the other module's heading to the top and focus it", async () => {
    const { stu, course } = setup()
    await recordingScrolls(async (scrolled) => {
      const { user } = render(course._id, stu)
      const first = await screen.findByRole('article', { name: 'King activity' })
      const second = screen.getByRole('article', { name: 'Opposition' })
      expect(within(first).queryByRole('button', { name: 'Previous module' })).not.toBeInTheDocument()
      expect(within(second).queryByRole('button', { name: 'Next module' })).not.toBeInTheDocument()
      await user.click(within(first).getByRole('button', { name: 'Next module' }))
      const opposition = screen.getByRole('heading', { name: 'Opposition' })
      expect(scrolled.at(-1)).toBe(opposition)
      expect(opposition).toHaveFocus()
      await user.click(within(second).getByRole('button', { name: 'Previous module' }))
      const king = screen.getByRole('heading', { name: 'King activity' })
      expect(scrolled.at(-1)).toBe(king)
      expect(king).toHaveFocus()
    })
  })
})
