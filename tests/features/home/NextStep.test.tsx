// 'Your next step' on /home: 'Continue {course}' to the first module not completed of the course studied last, and
// 'Review {n} lines' when lines are due; nothing for a user without an enrolled course.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NextStep, nextCourse } from '@/features/home/NextStep'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  seedCourse,
  seedEnrollment,
  seedModule,
  seedProgress,
  seedReview,
  seedUser,
  sessionOf,
} from '../../helpers/backend'

const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

function setup() {
  const stu = seedUser({ username: 'stu' })
  const openings = seedCourse({ title: 'Opening Repertoire' })
  const line = { pgn: '1. e4 e5 2. Nf3 *', side: 'white' as const }
  const o1 = seedModule({ courseId: openings._id, title: 'e4', line })
  const o2 = seedModule({ courseId: openings._id, title: 'd4' })
  const endgames = seedCourse({ title: 'Endgame Essentials' })
  const e1 = seedModule({ courseId: endgames._id, title: 'Rook endings', line })
  const e2 = seedModule({ courseId: endgames._id, title: 'Pawn endings' })
  for (const c of [openings, endgames]) seedEnrollment(c._id, stu._id)
  return { stu, openings, endgames, o1, o2, e1, e2 }
}

async function strip() {
  return within(await screen.findByRole('region', { name: 'Your next step' }))
}

describe("'Your next step'", () => {
  it("continues the course studied last at its first module not completed, and offers 'Review {n} lines'", async () => {
    const { stu, endgames, o1, e1, e2 } = setup()
    seedProgress(stu, o1, { completed: true })
    seedProgress(stu, e1, { completed: true })
    seedProgress(stu, e2, { positionSeconds: 42, durationSeconds: 100 })
    seedReview(stu, e1, ago(3_600_000))
    seedReview(stu, o1, ago(7_200_000))
    renderWithProviders(<NextStep userId={stu._id} />, { preloadedState: { auth: sessionOf(stu) } })
    const s = await strip()
    expect(await s.findByRole('link', { name: 'Continue Endgame Essentials' })).toHaveAttribute(
      'href',
      `/courses/${endgames._id}/modules/${e2._id}`,
    )
    expect(await s.findByRole('link', { name: 'Review 2 lines' })).toHaveAttribute('href', '/review')
  })

  it('skips completed courses and shows no review link when nothing is due', async () => {
    const { stu, openings, o1, o2, e1, e2 } = setup()
    seedProgress(stu, o1, { completed: true })
    seedProgress(stu, e1, { completed: true })
    seedProgress(stu, e2, { completed: true })
    renderWithProviders(<NextStep userId={stu._id} />, { preloadedState: { auth: sessionOf(stu) } })
    const s = await strip()
    expect(await s.findByRole('link', { name: 'Continue Opening Repertoire' })).toHaveAttribute(
      'href',
      `/courses/${openings._id}/modules/${o2._id}`,
    )
    await new Promise((r) => setTimeout(r, 200))
    expect(s.queryByRole('link', { name: /^Review/ })).not.toBeInTheDocument()
  })

  it('shows nothing to a user without an enrolled course', async () => {
    const stu = seedUser({ username: 'newbie' })
    const { container } = renderWithProviders(<NextStep userId={stu._id} />, {
      preloadedState: { auth: sessionOf(stu) },
    })
    await new Promise((r) => setTimeout(r, 500))
    expect(container).toBeEmptyDOMElement()
  })
})

describe('nextCourse', () => {
  const progress = (courseId: string, next: string | null, at: string | null, total = 2) => ({
    courseId,
    completedModules: 0,
    totalModules: total,
    percent: 0,
    nextModuleId: next,
    lastActivityAt: at,
    modules: [],
  })
  const a = { _id: 'a', title: 'A' }
  const b = { _id: 'b', title: 'B' }

  it('prefers the course with the latest activity, then the first without any', () => {
    expect(
      nextCourse([a, b], [progress('a', 'a1', '2026-01-01'), progress('b', 'b1', '2026-02-01')]),
    ).toEqual({
      course: b,
      moduleId: 'b1',
    })
    expect(nextCourse([a, b], [])).toEqual({ course: a, moduleId: null })
    expect(nextCourse([a, b], [progress('a', null, '2026-01-01'), progress('b', 'b2', null)])).toEqual({
      course: b,
      moduleId: 'b2',
    })
    expect(nextCourse([a], [progress('a', null, '2026-01-01')])).toBeNull()
  })
})
