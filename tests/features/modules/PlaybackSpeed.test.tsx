// The video's speed: 0.75× to 2× under each module's video, every video of the page at the speed chosen, and the
// choice remembered in this browser for the user who made it (another user, or a visitor, keeps their own).
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import ModulesPage from '@/features/modules/ModulesPage'
import { speedKey } from '@/features/modules/playbackSpeed'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  seedCourse,
  seedEnrollment,
  seedModule,
  seedUser,
  sessionOf,
  type SeededUser,
} from '../../helpers/backend'
import { forgetPlayers } from './fakePlayer'

vi.mock('react-player', () => import('./fakePlayer'))

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const stu = seedUser({ username: 'stu' })
  const other = seedUser({ username: 'other' })
  const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
  for (const [title, n] of [
    ['King activity', 1],
    ['Opposition', 2],
  ] as const)
    seedModule({ courseId: course._id, title, videoUrl: `https://v.example.com/${n}.mp4` })
  seedEnrollment(course._id, stu._id)
  seedEnrollment(course._id, other._id)
  return { stu, other, course }
}

async function open(courseId: string, who: SeededUser) {
  forgetPlayers()
  const page = renderWithProviders(<ModulesPage />, {
    route: `/courses/${courseId}/modules`,
    path: '/courses/:courseId/modules',
    preloadedState: { auth: sessionOf(who) },
  })
  await screen.findAllByRole('region', { name: 'Video player' })
  return page
}

const rates = () =>
  screen.getAllByRole('region', { name: 'Video player' }).map((p) => p.getAttribute('data-playback-rate'))
const card = (title: string) => within(screen.getByRole('article', { name: title }))

describe('the playback speed', () => {
  it('offers 0.75× to 2×, plays every video of the page at the speed chosen, and keeps it for the next visit', async () => {
    const { stu, course } = setup()
    const user = userEvent.setup()
    const page = await open(course._id, stu)
    const speed = card('King activity').getByRole('combobox', { name: 'Speed' })
    expect(
      within(speed)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0.75×', '1×', '1.25×', '1.5×', '2×'])
    expect(speed).toHaveValue('1')
    expect(rates()).toEqual(['1', '1'])
    await user.selectOptions(speed, '1.5×')
    expect(rates()).toEqual(['1.5', '1.5'])
    expect(card('Opposition').getByRole('combobox', { name: 'Speed' })).toHaveValue('1.5')
    expect(localStorage.getItem(speedKey(stu._id))).toBe('1.5')

    // the next visit plays at 1.5×
    page.unmount()
    await open(course._id, stu)
    expect(rates()).toEqual(['1.5', '1.5'])
  })

  it("keeps each user's speed apart, and plays at 1× what is stored but not a speed offered", async () => {
    const { stu, other, course } = setup()
    localStorage.setItem(speedKey(stu._id), '2')
    localStorage.setItem(speedKey(other._id), '16')
    const page = await open(course._id, stu)
    expect(rates()).toEqual(['2', '2'])
    page.unmount()
    await open(course._id, other)
    expect(rates()).toEqual(['1', '1'])
    expect(card('King activity').getByRole('combobox', { name: 'Speed' })).toHaveValue('1')
  })
})
