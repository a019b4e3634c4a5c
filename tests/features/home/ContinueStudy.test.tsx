// Each 'Continue Study' course shows its count and bar, and 'Continue' opens the lesson of the
// first module not completed, whose video starts at the saved second.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { ContinueStudy } from '@/features/home/ContinueStudy'
import { COURSE_COMPLETED_TEXT } from '@/features/home/StudyProgress'
import { renderApp, renderWithProviders } from '../../helpers/renderWithProviders'
import {
  seedCourse,
  seedEnrollment,
  seedModule,
  seedProgress,
  seedUser,
  sessionOf,
} from '../../helpers/backend'
import { stubBoardLayout } from '../game/boardLayout'
import { forgetPlayers, player } from '../modules/fakePlayer'

vi.mock('react-player', () => import('../modules/fakePlayer'))

afterEach(() => {
  vi.restoreAllMocks()
  forgetPlayers()
})

function setup() {
  const stu = seedUser({ username: 'stu' })
  const openings = seedCourse({ title: 'Opening Repertoire' })
  const o1 = seedModule({ courseId: openings._id, title: 'e4', videoUrl: 'https://v.example.com/e4.mp4' })
  const o2 = seedModule({ courseId: openings._id, title: 'd4', videoUrl: 'https://v.example.com/d4.mp4' })
  const o3 = seedModule({ courseId: openings._id, title: 'c4', videoUrl: 'https://v.example.com/c4.mp4' })
  const endgames = seedCourse({ title: 'Endgame Essentials' })
  const e1 = seedModule({ courseId: endgames._id, title: 'Rook endings' })
  for (const c of [openings, endgames]) seedEnrollment(c._id, stu._id)
  seedProgress(stu, o1, { completed: true, positionSeconds: 60, durationSeconds: 60 })
  seedProgress(stu, o2, { positionSeconds: 42, durationSeconds: 100 })
  seedProgress(stu, e1, { completed: true })
  return { stu, openings, endgames, o1, o2, o3 }
}

const itemOf = async (title: string) =>
  within((await screen.findByRole('link', { name: title })).closest('li')!)

describe("'Continue Study' progress", () => {
  it("shows '{k} of {n} modules completed', a bar at the percent, and 'Continue' to the first module not completed", async () => {
    const { stu, openings, o2 } = setup()
    renderWithProviders(<ContinueStudy userId={stu._id} />, { preloadedState: { auth: sessionOf(stu) } })
    const item = await itemOf('Opening Repertoire')
    expect(await item.findByText('1 of 3 modules completed')).toBeInTheDocument()
    const bar = item.getByRole('progressbar', { name: '1 of 3 modules completed' })
    expect(bar).toHaveAttribute('aria-valuenow', '33')
    expect(bar).toHaveAttribute('aria-valuemin', '0')
    expect(bar).toHaveAttribute('aria-valuemax', '100')
    expect(item.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      `/courses/${openings._id}/modules/${o2._id}`,
    )
    expect(item.queryByText(COURSE_COMPLETED_TEXT)).not.toBeInTheDocument()
  })

  it("reads 'Course completed' instead of 'Continue' once every module is", async () => {
    const { stu } = setup()
    renderWithProviders(<ContinueStudy userId={stu._id} />, { preloadedState: { auth: sessionOf(stu) } })
    const item = await itemOf('Endgame Essentials')
    expect(await item.findByText(COURSE_COMPLETED_TEXT)).toBeInTheDocument()
    expect(item.getByText('1 of 1 modules completed')).toBeInTheDocument()
    expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
    expect(item.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument()
  })

  it("Continue opens that module's lesson and starts its video at the saved second", async () => {
    stubBoardLayout()
    const { stu, openings, o2 } = setup()
    const { user, router } = renderApp('/home', { preloadedState: { auth: sessionOf(stu) } })
    const item = await itemOf('Opening Repertoire')
    await user.click(await item.findByRole('link', { name: 'Continue' }))
    const target = await screen.findByRole('article', { name: 'd4' })
    expect(router.state.location.pathname).toBe(`/courses/${openings._id}/modules/${o2._id}`)
    // that module alone, as the page's heading
    expect(within(target).getByRole('heading', { level: 1, name: 'd4' })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'e4' })).not.toBeInTheDocument()
    await within(target).findByRole('region', { name: 'Video player' })
    await within(target).findByRole('button', { name: 'Mark as complete' })
    player(o2.videoUrl).load(100)
    expect(player(o2.videoUrl).media.currentTime).toBe(42)
  })
})
