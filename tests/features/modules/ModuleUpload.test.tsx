// A refused upload says why next to the file field, and the module form keeps what was typed.
import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { http } from 'msw'
import ModulesPage from '@/features/modules/ModulesPage'
import { VIDEO_SIZE_TEXT, VIDEO_TYPE_TEXT } from '@/features/modules/moduleFormRules'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { problem, seedCourse, seedUser, sessionOf, stored } from '../../helpers/backend'
import { countRequests, server } from '../../helpers/mswServer'

vi.mock('react-player', () => import('./fakePlayer'))

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
  const { user } = renderWithProviders(<ModulesPage />, {
    route: `/courses/${course._id}/modules`,
    path: '/courses/:courseId/modules',
    preloadedState: { auth: sessionOf(teacher) },
  })
  return { user }
}

async function addWithFile(user: ReturnType<typeof setup>['user'], file: File) {
  await user.click(await screen.findByRole('button', { name: 'Add Module' }))
  await user.type(screen.getByPlaceholderText('Module Title'), 'Rook endings')
  await user.type(screen.getByPlaceholderText('Module Description'), 'The Lucena position')
  await user.upload(screen.getByLabelText('Or upload a video file'), file)
  await user.click(screen.getByRole('button', { name: 'Add Module' }))
}

async function expectRefused(text: string) {
  const field = screen.getByLabelText('Or upload a video file')
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(text)
  expect(field).toHaveAttribute('aria-invalid', 'true')
  expect(field).toHaveAccessibleDescription(text)
  // the form stays, with what was typed
  expect(screen.getByPlaceholderText('Module Title')).toHaveValue('Rook endings')
  expect(screen.getByPlaceholderText('Module Description')).toHaveValue('The Lucena position')
  expect(await stored.modules()).toHaveLength(0)
}

describe('module form: a refused upload', () => {
  it("a text file named .mp4 (the server answers 415): 'This file is not a video we can play (MP4 or WebM).'", async () => {
    const { user } = setup()
    await addWithFile(user, new File(['just some notes, not a video'], 'notes.mp4', { type: 'video/mp4' }))
    await expectRefused(VIDEO_TYPE_TEXT)
    expect(VIDEO_TYPE_TEXT).toBe('This file is not a video we can play (MP4 or WebM).')
  })

  it("a file over 50 MB is refused before it is sent: 'The video is larger than 50 MB.'", async () => {
    const { user } = setup()
    const big = new File([new Uint8Array(16)], 'long.mp4', { type: 'video/mp4' })
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 })
    await addWithFile(user, big)
    await expectRefused('The video is larger than 50 MB.')
    expect(countRequests('/api/videos')).toBe(0)
  })

  it("the server's 413 for a large file reads the same, and its quota sentence is shown as it is", async () => {
    const quota =
      'Upload quota of 2048 MB reached: you use 2040 MB and this file is larger than the 8 MB left. Delete videos you no longer need to upload more.'
    server.use(http.post(`${config.apiBaseUrl}/api/videos`, () => problem(413, 'Payload Too Large', quota)))
    const { user } = setup()
    await addWithFile(user, new File([new Uint8Array(16)], 'a.webm', { type: 'video/webm' }))
    await expectRefused(quota)

    server.use(
      http.post(`${config.apiBaseUrl}/api/videos`, () =>
        problem(413, 'Payload Too Large', 'The file is larger than 52428800 bytes'),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Add Module' }))
    await expectRefused(VIDEO_SIZE_TEXT)
  })
})
