import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import ModulesPage from '@/features/modules/ModulesPage'
import { AlertList } from '@/features/layout/AlertList'
import { MODULE_ROLLBACK_TEXT } from '@/features/modules/moduleListeners'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  problem,
  query,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedUser,
  seedVideo,
  sessionOf,
  stored,
  type SeededUser,
} from '../../helpers/backend'
import { countRequests, requestLog, server } from '../../helpers/mswServer'

function Page() {
  return (
    <>
      <AlertList />
      <ModulesPage />
    </>
  )
}

function render(courseId: string, who?: SeededUser) {
  return renderWithProviders(<Page />, {
    route: `/courses/${courseId}/modules`,
    path: '/courses/:courseId/modules',
    preloadedState: who ? { auth: sessionOf(who) } : undefined,
  })
}

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
  const m1 = seedModule({ courseId: course._id, title: 'King activity', description: 'Use the king' })
  return { teacher, course, m1 }
}

const moduleCard = (title: string) => within(screen.getByRole('article', { name: title }))

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('/courses/{courseId}/modules: page', () => {
  it("shows 'Loading...' and then 'Modules for Course: ' with the course name and 'Modules'", async () => {
    const { teacher, course } = setup()
    render(course._id, teacher)
    expect(screen.getByText('Loading...')).toBeInTheDocument()
    expect(
      await screen.findByRole('heading', { name: 'Modules for Course: Endgame Mastery' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Modules' })).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument()
    expect(moduleCard('King activity').getByText('Use the king')).toBeInTheDocument()
  })

  it('shows the player filling its box with controls, playing videoUrl when there is no videoId', async () => {
    const { teacher, course } = setup()
    render(course._id, teacher)
    const player = await screen.findByRole('region', { name: 'Video player' })
    expect(player).toHaveAttribute('data-src', 'https://videos.example.com/lesson.mp4')
    expect(player).toHaveAttribute('data-controls', 'true')
    expect(player).toHaveAttribute('data-width', '100%')
    expect(player).toHaveAttribute('data-height', '100%')
  })

  it("plays the video record's filePath when the module has a videoId", async () => {
    const { teacher, course } = setup()
    await query('DELETE FROM modules')
    const video = seedVideo(course._id)
    seedModule({
      courseId: course._id,
      title: 'Uploaded',
      videoId: video._id,
      videoUrl: 'https://fallback.example/v.mp4',
    })
    render(course._id, teacher)
    const player = await screen.findByRole('region', { name: 'Video player' })
    // the server's signed URL of the upload
    await waitFor(() =>
      expect(player.getAttribute('data-src')).toMatch(new RegExp(`^/api/media/${video._id}\\?exp=\\d+&sig=`)),
    )
    expect(countRequests(`/api/videos/${video._id}`)).toBe(1)
  })
})

describe('/courses/{courseId}/modules: video fallback', () => {
  it('plays videoUrl when the video record cannot be read', async () => {
    const { teacher, course } = setup()
    await query('DELETE FROM modules')
    // (a module's videoId always names a video: the database sets it to null when the video goes)
    seedModule({
      courseId: course._id,
      title: 'Lost upload',
      videoId: seedVideo(course._id)._id,
      videoUrl: 'https://fallback.example/v.mp4',
    })
    server.use(http.get(`${config.apiBaseUrl}/api/videos/:id`, () => problem(404, 'Not Found')))
    render(course._id, teacher)
    const player = await screen.findByRole('region', { name: 'Video player' })
    expect(player).toHaveAttribute('data-src', 'https://fallback.example/v.mp4')
  })
})

describe('/courses/{courseId}/modules: permissions', () => {
  it("gives the course's instructor 'Add Module', Edit and Delete", async () => {
    const { teacher, course } = setup()
    render(course._id, teacher)
    expect(await screen.findByRole('button', { name: 'Add Module' })).toBeInTheDocument()
    expect(
      moduleCard('King activity').getByRole('button', { name: 'Edit King activity' }),
    ).toBeInTheDocument()
    expect(
      moduleCard('King activity').getByRole('button', { name: 'Delete King activity' }),
    ).toBeInTheDocument()
  })

  it('gives an admin the same controls', async () => {
    const { course } = setup()
    render(course._id, seedUser({ username: 'root', role: 'admin' }))
    expect(await screen.findByRole('button', { name: 'Add Module' })).toBeInTheDocument()
    expect(
      moduleCard('King activity').getByRole('button', { name: 'Delete King activity' }),
    ).toBeInTheDocument()
  })

  it('gives an enrolled student the modules and videos but no controls', async () => {
    const { course } = setup()
    const stu = seedUser({ username: 'stu' })
    seedEnrollment(course._id, stu._id)
    render(course._id, stu)
    expect(await screen.findByRole('article', { name: 'King activity' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Video player' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add Module' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument()
  })

  it("gives another course's instructor no controls", async () => {
    const { course } = setup()
    render(course._id, seedUser({ username: 'other', role: 'instructor' }))
    expect(await screen.findByRole('article', { name: 'King activity' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add Module' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument()
  })
})

describe('/courses/{courseId}/modules: module form', () => {
  it('adds a module: placeholders, required fields, appended to the list, form closed', async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Add Module' }))
    const title = screen.getByPlaceholderText('Module Title')
    expect(title).toBeRequired()
    expect(screen.getByPlaceholderText('Module Description')).toBeRequired()
    expect(screen.getByPlaceholderText('Video URL')).toBeRequired()
    await user.type(title, 'Opposition')
    await user.type(screen.getByPlaceholderText('Module Description'), 'Kings facing')
    await user.type(screen.getByPlaceholderText('Video URL'), 'https://videos.example.com/opp.mp4')
    await user.click(screen.getByRole('button', { name: 'Add Module' }))
    expect(screen.getByRole('article', { name: 'Opposition' })).toBeInTheDocument()
    expect(screen.queryByPlaceholderText('Module Title')).not.toBeInTheDocument()
    const titles = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)
    expect(titles()).toEqual(['King activity', 'Opposition'])
    await waitFor(async () => expect(await stored.modules()).toHaveLength(2))
    expect(countRequests(`/api/modules/course/${course._id}`)).toBe(1)
  })

  it("edits a module in 'Update Module' mode, replacing it and clearing the selection", async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Edit King activity' }))
    expect(screen.getByPlaceholderText('Module Title')).toHaveValue('King activity')
    await user.clear(screen.getByPlaceholderText('Module Title'))
    await user.type(screen.getByPlaceholderText('Module Title'), 'Active king')
    await user.click(screen.getByRole('button', { name: 'Update Module' }))
    expect(screen.getByRole('article', { name: 'Active king' })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'King activity' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Update Module' })).not.toBeInTheDocument()
    await waitFor(async () => expect((await stored.modules())[0].title).toBe('Active king'))
  })

  it("asks 'Are you sure you want to delete this module?' and keeps it on Cancel", async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Delete King activity' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to delete this module?')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('article', { name: 'King activity' })).toBeInTheDocument()
    expect(countRequests(`/api/modules/${(await stored.modules())[0]._id}`, 'DELETE')).toBe(0)
  })

  it('removes the module after confirmation', async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Delete King activity' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }))
    expect(screen.queryByRole('article', { name: 'King activity' })).not.toBeInTheDocument()
    await waitFor(async () => expect(await stored.modules()).toHaveLength(0))
  })

  it('uploads a chosen video file and uses the returned id as videoId', async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Add Module' }))
    await user.type(screen.getByPlaceholderText('Module Title'), 'Uploaded lesson')
    await user.type(screen.getByPlaceholderText('Module Description'), 'From a file')
    // an MP4's first bytes: the server checks the `ftyp` box
    const file = new File(
      [new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypisom'), 0, 0])],
      'lesson.mp4',
      {
        type: 'video/mp4',
      },
    )
    await user.upload(screen.getByLabelText('Or upload a video file'), file)
    expect(screen.getByPlaceholderText('Video URL')).not.toBeRequired()
    await user.click(screen.getByRole('button', { name: 'Add Module' }))
    await waitFor(async () => expect(await stored.modules()).toHaveLength(2))
    const [video] = await stored.videos()
    // (jsdom's File does not survive Node's fetch byte for byte, so the content is not compared here.)
    expect(video).toMatchObject({ courseId: course._id })
    expect((await stored.modules())[1]).toMatchObject({
      videoId: video._id,
      videoUrl: `/api/media/${video._id}`,
    })
    const upload = requestLog.find((r) => r.url.pathname === '/api/videos')!
    expect(upload.headers.get('Content-Type')).toMatch(/^multipart\/form-data/)
  })
})

describe('/courses/{courseId}/modules: optimistic updates (issue: module add, edit and delete)', () => {
  it('shows an edit at once and rolls it back with an alert when the server answers 403', async () => {
    const { teacher, course, m1 } = setup()
    const gate = deferred()
    server.use(
      http.patch(`${config.apiBaseUrl}/api/modules/:id`, async () => {
        await gate.promise
        return HttpResponse.json({ type: 'about:blank', title: 'Forbidden', status: 403 }, { status: 403 })
      }),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Edit King activity' }))
    await user.clear(screen.getByPlaceholderText('Module Title'))
    await user.type(screen.getByPlaceholderText('Module Title'), 'Renamed')
    await user.click(screen.getByRole('button', { name: 'Update Module' }))
    expect(screen.getByRole('article', { name: 'Renamed' })).toBeInTheDocument()
    gate.resolve()
    expect(await screen.findByRole('article', { name: 'King activity' })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Renamed' })).not.toBeInTheDocument()
    expect(screen.getByText(MODULE_ROLLBACK_TEXT)).toBeInTheDocument()
    expect((await stored.modules())[0]).toMatchObject({ _id: m1._id, title: 'King activity' })
    spy.mockRestore()
  })

  it('rolls back a refused add and a refused delete', async () => {
    const { teacher, course } = setup()
    server.use(
      http.post(`${config.apiBaseUrl}/api/modules`, () => HttpResponse.json({}, { status: 403 })),
      http.delete(`${config.apiBaseUrl}/api/modules/:id`, () => HttpResponse.json({}, { status: 403 })),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Add Module' }))
    await user.type(screen.getByPlaceholderText('Module Title'), 'Refused')
    await user.type(screen.getByPlaceholderText('Module Description'), 'x')
    await user.type(screen.getByPlaceholderText('Video URL'), 'https://v.example/x.mp4')
    await user.click(screen.getByRole('button', { name: 'Add Module' }))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Refused' })).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Delete King activity' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }))
    expect(await screen.findByRole('article', { name: 'King activity' })).toBeInTheDocument()
    expect(screen.getAllByText(MODULE_ROLLBACK_TEXT)).toHaveLength(2)
    spy.mockRestore()
  })
})
