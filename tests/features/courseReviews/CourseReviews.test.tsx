import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import ModulesPage from '@/features/modules/ModulesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  query,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedProgress,
  seedUser,
  sessionOf,
  type SeededUser,
} from '../../helpers/backend'

function render(courseId: string, who?: SeededUser) {
  return renderWithProviders(<ModulesPage />, {
    route: `/courses/${courseId}/modules`,
    path: '/courses/:courseId/modules',
    preloadedState: who ? { auth: sessionOf(who) } : undefined,
  })
}

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
  const mod = seedModule({ courseId: course._id, title: 'King activity' })
  return { teacher, course, mod }
}

/** A student enrolled in the course who completed its module. */
function learner(username: string, course: { _id: string }, mod: { _id: string; courseId: string }) {
  const student = seedUser({ username })
  seedEnrollment(course._id, student._id)
  seedProgress(student, mod, { completed: true })
  return student
}

/** Reviews stored as the server stores them (its triggers count them on the course). */
async function storeReviews(
  courseId: string,
  reviews: { student: SeededUser; rating: number; text: string }[],
) {
  for (const [i, r] of reviews.entries())
    await query(
      `INSERT INTO course_reviews (course_id, student_id, rating, text, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      [courseId, r.student._id, r.rating, r.text, new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString()],
    )
}

const reviews = () => within(screen.getByRole('region', { name: 'Reviews' }))

describe('a course page: ratings and reviews', () => {
  it('a student who completed a module rates the course and writes a review; the rating and the list show it', async () => {
    const { course, mod } = setup()
    const stu = learner('stu', course, mod)
    const user = userEvent.setup()
    render(course._id, stu)
    await screen.findByText('No ratings yet.')
    await user.click(await screen.findByRole('button', { name: 'Post review' }))
    expect(await screen.findByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: '4 stars' }))
    await user.type(screen.getByRole('textbox', { name: 'Your review (optional)' }), 'Patient and clear.')
    await user.click(screen.getByRole('button', { name: 'Post review' }))

    expect(await reviews().findByText('4.0 (1 rating)')).toBeInTheDocument()
    const mine = await reviews().findByRole('article', { name: 'Review by stu' })
    expect(within(mine).getByText('Patient and clear.')).toBeInTheDocument()
    expect(within(mine).getByRole('img', { name: '4 stars out of 5' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Post review' })).not.toBeInTheDocument()

    // edited: the same review, one rating
    await user.click(screen.getByRole('button', { name: 'Edit your review' }))
    await user.click(screen.getByRole('radio', { name: '2 stars' }))
    await user.click(screen.getByRole('button', { name: 'Save review' }))
    expect(await reviews().findByText('2.0 (1 rating)')).toBeInTheDocument()
    expect(await query('SELECT rating, text FROM course_reviews')).toEqual([
      { rating: 2, text: 'Patient and clear.' },
    ])
  })

  it('an enrolled student without a completed module is told to complete one first', async () => {
    const { course } = setup()
    const newcomer = seedUser({ username: 'newcomer' })
    seedEnrollment(course._id, newcomer._id)
    render(course._id, newcomer)
    expect(await screen.findByText('Complete a module to rate this course.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Post review' })).not.toBeInTheDocument()
  })

  it("shows the average, each star's count and the newest reviews, with 'Load more' for the older ones", async () => {
    const { course, mod } = setup()
    const written = Array.from({ length: 12 }, (_, i) => ({
      student: learner(`learner${i}`, course, mod),
      rating: i < 9 ? 5 : 3,
      text: `Review number ${i}`,
    }))
    await storeReviews(course._id, written)
    const user = userEvent.setup()
    render(course._id)
    await screen.findByRole('region', { name: 'Reviews' })
    // 9 × 5 + 3 × 3 = 54 over 12
    expect(await reviews().findByText('4.5 (12 ratings)')).toBeInTheDocument()
    const bars = within(reviews().getByRole('list', { name: 'Ratings by stars' }))
    expect(bars.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '5 stars9',
      '4 stars0',
      '3 stars3',
      '2 stars0',
      '1 star0',
    ])
    // newest first, ten at a time
    expect(await reviews().findByText('Review number 11')).toBeInTheDocument()
    expect(reviews().getAllByRole('article')).toHaveLength(10)
    expect(reviews().queryByText('Review number 1')).not.toBeInTheDocument()
    await user.click(reviews().getByRole('button', { name: 'Load more' }))
    expect(await reviews().findByText('Review number 0')).toBeInTheDocument()
    expect(reviews().getAllByRole('article')).toHaveLength(12)
    expect(reviews().queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(reviews().queryByRole('button', { name: /^Reply/ })).not.toBeInTheDocument()
  })

  it("the course's instructor replies once; an admin removes a review with a reason", async () => {
    const { teacher, course, mod } = setup()
    const bob = learner('bob', course, mod)
    const eve = learner('eve', course, mod)
    await storeReviews(course._id, [
      { student: bob, rating: 5, text: 'Loved it.' },
      { student: eve, rating: 1, text: 'Buy followers at example.com' },
    ])
    const user = userEvent.setup()
    const first = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Reply to bob' }))
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Thank you, Bob!')
    await user.click(screen.getByRole('button', { name: 'Post reply' }))
    const bobs = await reviews().findByRole('article', { name: 'Review by bob' })
    expect(await within(bobs).findByText('Thank you, Bob!')).toBeInTheDocument()
    expect(within(bobs).getByText('Reply from teacher')).toBeInTheDocument()
    expect(within(bobs).queryByRole('button', { name: 'Reply to bob' })).not.toBeInTheDocument()
    first.unmount()

    render(course._id, seedUser({ username: 'root', role: 'admin' }))
    await user.click(await screen.findByRole('button', { name: 'Remove the review by eve' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove this review?' })
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Advertising')
    await user.click(within(dialog).getByRole('button', { name: 'Remove review' }))
    await waitFor(() =>
      expect(reviews().queryByRole('article', { name: 'Review by eve' })).not.toBeInTheDocument(),
    )
    expect(await reviews().findByText('5.0 (1 rating)')).toBeInTheDocument()
    expect(await query('SELECT removal_reason FROM course_reviews WHERE student_id = $1', [eve._id])).toEqual(
      [{ removal_reason: 'Advertising' }],
    )
  })
})
