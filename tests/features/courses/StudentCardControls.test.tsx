// A signed-in student's card controls depend on the student's enrollments and cart: until both are known the card
// keeps their place unseen, so no 'Enroll Now' is offered (and clicked) for a course already bought.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import CoursesPage from '@/features/courses/CoursesPage'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  seedCart,
  seedCourse,
  seedEnrollment,
  seedUser,
  sessionOf,
  type SeededUser,
} from '../../helpers/backend'
import { countRequests, server } from '../../helpers/mswServer'

function render(who: SeededUser) {
  return renderWithProviders(<CoursesPage />, {
    route: '/courses',
    path: '/courses',
    preloadedState: { auth: sessionOf(who) },
  })
}

/** Holds the server's answers to GET `path` (a pattern) back until the returned function is called. */
function holdBack(path: string): () => void {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  server.use(
    http.get(`${config.apiBaseUrl}${path}`, async () => {
      await released
      return undefined // then the real server answers
    }),
  )
  return release
}

/** The card's reserved place: there, unseen for a screen reader, holding nothing to focus or press. */
function expectPlaceholder(article: HTMLElement) {
  const c = within(article)
  expect(c.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument()
  expect(c.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument()
  expect(c.queryByRole('link', { name: 'View Modules' })).not.toBeInTheDocument()
  expect(c.queryByText('You are already enrolled in this course.')).not.toBeInTheDocument()
  const reserve = article.querySelector('.course-card__controls > .reserved')
  expect(reserve).not.toBeNull()
  expect(reserve).toHaveAttribute('aria-hidden', 'true')
  expect(reserve!.querySelectorAll('a, button, input, [tabindex]')).toHaveLength(0)
}

describe("/courses: a student's controls wait for the student's enrollments and cart", () => {
  it("shows no 'Enroll Now' on a course bought while the enrollments load, then 'View Modules'", async () => {
    const course = seedCourse({ title: 'Strategy' })
    const stu = seedUser({ username: 'stu' })
    seedEnrollment(course._id, stu._id)
    const release = holdBack('/api/courses/user/:userId/enrolled')
    try {
      render(stu)
      const article = await screen.findByRole('article', { name: 'Strategy' })
      // The cart has come back, the enrollments have not.
      await waitFor(() => expect(countRequests('/api/cart')).toBe(1))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expectPlaceholder(article)
    } finally {
      release()
    }
    const c = within(await screen.findByRole('article', { name: 'Strategy' }))
    expect(await c.findByRole('link', { name: 'View Modules' })).toHaveAttribute(
      'href',
      `/courses/${course._id}/modules`,
    )
    expect(c.getByText('You are already enrolled in this course.')).toBeInTheDocument()
    expect(c.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument()
  })

  it("shows no 'Add to Cart' on a course in the cart while the cart loads, then 'Enroll Now' and 'In your cart'", async () => {
    const course = seedCourse({ title: 'Tactics' })
    const stu = seedUser({ username: 'stu' })
    seedCart(stu._id, [course._id])
    const release = holdBack('/api/cart')
    try {
      render(stu)
      const article = await screen.findByRole('article', { name: 'Tactics' })
      await waitFor(() => expect(countRequests(`/api/courses/user/${stu._id}/enrolled`)).toBe(1))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expectPlaceholder(article)
    } finally {
      release()
    }
    const c = within(await screen.findByRole('article', { name: 'Tactics' }))
    expect(await c.findByRole('button', { name: 'Enroll Now' })).toBeEnabled()
    expect(c.getByText('In your cart')).toBeInTheDocument()
    expect(c.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument()
    // The place stays reserved under the controls, so the card keeps its size.
    expect(screen.getByRole('article', { name: 'Tactics' }).querySelector('.reserved')).toHaveAttribute(
      'aria-hidden',
      'true',
    )
  })
})
