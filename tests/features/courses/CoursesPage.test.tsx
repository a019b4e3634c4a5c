import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import CoursesPage from '@/features/courses/CoursesPage'
import {
  ENROLL_DECLINED_TEXT,
  ENROLL_OFFLINE_TEXT,
  ENROLL_RETRY_TEXT,
} from '@/features/courses/StudentActions'
import { AlertList } from '@/features/layout/AlertList'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  seedCart,
  seedCourse,
  seedEnrollment,
  seedUser,
  sessionOf,
  stored,
  type SeededUser,
} from '../../helpers/backend'
import { countRequests, server } from '../../helpers/mswServer'

const LOGIN_TEXT = 'You need to be logged in to view enroll courses. Please login or register.'

function render(who?: SeededUser) {
  return renderWithProviders(<Page />, {
    route: '/courses',
    path: '/courses',
    preloadedState: who ? { auth: sessionOf(who) } : undefined,
  })
}
function Page() {
  return (
    <>
      <AlertList />
      <CoursesPage />
    </>
  )
}
const card = async (title: string) => within(await screen.findByRole('article', { name: title }))

/** 'Enroll Now' on a paid course, then 'Confirm and pay' in the dialog that asks first. */
async function enrollPaid(c: ReturnType<typeof within>, user: { click: (e: Element) => Promise<void> }) {
  await user.click(await c.findByRole('button', { name: 'Enroll Now' }))
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your purchase' })
  await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay' }))
}

describe('/courses: cards', () => {
  it('shows title, description and $price of each course', async () => {
    seedCourse({ title: 'Openings 101', description: 'Learn the Italian game', price: 49.5 })
    render(seedUser({ username: 'stu' }))
    const c = await card('Openings 101')
    expect(c.getByText('Learn the Italian game')).toBeInTheDocument()
    expect(c.getByText('$49.50')).toBeInTheDocument()
  })

  it("links the title and 'View course' of every card to the course's page, for a visitor too", async () => {
    const course = seedCourse({ title: 'Openings 101' })
    const { user } = render()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    const c = await card('Openings 101')
    expect(c.getByRole('link', { name: 'Openings 101' })).toHaveAttribute(
      'href',
      `/courses/${course._id}/modules`,
    )
    expect(c.getByRole('link', { name: /^View course/ })).toHaveAttribute(
      'href',
      `/courses/${course._id}/modules`,
    )
  })

  it('lists the Coursemates, each linking to /profile/{studentId}', async () => {
    const course = seedCourse({ title: 'Endgames' })
    const mate = seedUser({ username: 'mate' })
    seedEnrollment(course._id, mate._id)
    render(seedUser({ username: 'viewer', role: 'instructor' }))
    const c = await card('Endgames')
    expect(c.getByRole('heading', { name: 'Coursemates' })).toBeInTheDocument()
    expect(await c.findByRole('link', { name: 'mate' })).toHaveAttribute('href', `/profile/${mate._id}`)
  })

  it("shows 20 Coursemates at a time and 'Load more coursemates' the next", async () => {
    const course = seedCourse({ title: 'Crowded' })
    for (let i = 1; i <= 23; i++)
      seedEnrollment(course._id, seedUser({ username: `mate${String(i).padStart(2, '0')}` })._id)
    const { user } = render(seedUser({ username: 'viewer', role: 'instructor' }))
    const c = await card('Crowded')
    expect(await c.findByRole('link', { name: 'mate20' })).toBeInTheDocument()
    expect(c.queryByRole('link', { name: 'mate21' })).not.toBeInTheDocument()
    await user.click(c.getByRole('button', { name: 'Load more coursemates' }))
    expect(await c.findByRole('link', { name: 'mate23' })).toBeInTheDocument()
    expect(c.queryByRole('button', { name: 'Load more coursemates' })).not.toBeInTheDocument()
    expect(countRequests(`/api/courses/${course._id}/enrolled-students`)).toBe(2)
  })
})

describe('/courses: Login Required modal', () => {
  it('opens for a visitor with Login and Register buttons and the spec text', async () => {
    seedCourse({ title: 'Tactics' })
    const { user } = render()
    const dialog = screen.getByRole('dialog', { name: 'Login Required' })
    expect(within(dialog).getByText(LOGIN_TEXT)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Register' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Other page')).toBeInTheDocument()
  })

  it('lets the visitor still read the course list, without enrollment controls', async () => {
    seedCourse({ title: 'Tactics' })
    const { user } = render()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    const c = await card('Tactics')
    expect(c.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument()
    expect(c.queryByRole('link', { name: 'View Modules' })).not.toBeInTheDocument()
    expect(c.getByRole('link', { name: 'Log in to enroll' })).toHaveAttribute('href', '/login')
  })

  it('does not open again when the visitor comes back in the same visit', async () => {
    seedCourse({ title: 'Tactics' })
    const first = render()
    await first.user.click(screen.getByRole('button', { name: 'Close' }))
    first.unmount()
    render()
    const c = await card('Tactics')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(c.getByRole('link', { name: 'Log in to enroll' })).toBeInTheDocument()
  })

  it('does not open for a logged-in user', async () => {
    seedCourse({ title: 'Tactics' })
    render(seedUser({ username: 'stu' }))
    const c = await card('Tactics')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(c.queryByRole('link', { name: 'Log in to enroll' })).not.toBeInTheDocument()
  })
})

describe('/courses: permissions', () => {
  it("shows 'Enroll Now' and 'Add to Cart' to a student who is not enrolled, not 'View Modules'", async () => {
    seedCourse({ title: 'Strategy' })
    render(seedUser({ username: 'stu' }))
    const c = await card('Strategy')
    expect(await c.findByRole('button', { name: 'Enroll Now' })).toBeInTheDocument()
    expect(c.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument()
    expect(c.queryByRole('link', { name: 'View Modules' })).not.toBeInTheDocument()
    expect(c.queryByText('You are already enrolled in this course.')).not.toBeInTheDocument()
  })

  it("shows 'View Modules' and the enrolled notice to an enrolled student, not 'Enroll Now'", async () => {
    const course = seedCourse({ title: 'Strategy' })
    const stu = seedUser({ username: 'stu' })
    seedEnrollment(course._id, stu._id)
    render(stu)
    const c = await card('Strategy')
    expect(await c.findByRole('link', { name: 'View Modules' })).toHaveAttribute(
      'href',
      `/courses/${course._id}/modules`,
    )
    expect(c.getByText('You are already enrolled in this course.')).toBeInTheDocument()
    expect(c.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument()
  })

  it.each(['instructor', 'admin'] as const)(
    "shows 'View Modules' to an %s and never 'Enroll Now'",
    async (role) => {
      seedCourse({ title: 'Strategy' })
      render(seedUser({ username: 'staff', role }))
      const c = await card('Strategy')
      expect(c.getByRole('link', { name: 'View Modules' })).toBeInTheDocument()
      expect(c.getByText('You are already enrolled in this course.')).toBeInTheDocument()
      expect(c.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument()
      expect(c.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument()
    },
  )

  it('gives a student no create form and no edit or delete controls', async () => {
    seedCourse({ title: 'Strategy' })
    render(seedUser({ username: 'stu' }))
    const c = await card('Strategy')
    expect(screen.queryByRole('form', { name: 'Create course' })).not.toBeInTheDocument()
    expect(c.queryByRole('button', { name: 'Edit Strategy' })).not.toBeInTheDocument()
    expect(c.queryByRole('button', { name: 'Delete Strategy' })).not.toBeInTheDocument()
  })

  it('lets an instructor edit and delete only the courses they teach', async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    const other = seedUser({ username: 'colleague', role: 'instructor' })
    seedCourse({ title: 'Mine', instructor: me })
    seedCourse({ title: 'Theirs', instructor: other })
    render(me)
    expect(await screen.findByRole('form', { name: 'Create course' })).toBeInTheDocument()
    expect((await card('Mine')).getByRole('button', { name: 'Edit Mine' })).toBeInTheDocument()
    expect((await card('Theirs')).queryByRole('button', { name: 'Edit Theirs' })).not.toBeInTheDocument()
    expect((await card('Theirs')).queryByRole('button', { name: 'Delete Theirs' })).not.toBeInTheDocument()
  })

  it('lets an admin edit and delete every course', async () => {
    const t = seedUser({ username: 'teacher', role: 'instructor' })
    seedCourse({ title: 'Theirs', instructor: t })
    render(seedUser({ username: 'root', role: 'admin' }))
    const c = await card('Theirs')
    expect(c.getByRole('button', { name: 'Edit Theirs' })).toBeInTheDocument()
    expect(c.getByRole('button', { name: 'Delete Theirs' })).toBeInTheDocument()
  })
})

describe('/courses: course form', () => {
  it('requires title, description and a numeric price', async () => {
    render(seedUser({ username: 'teacher', role: 'instructor' }))
    const form = within(await screen.findByRole('form', { name: 'Create course' }))
    expect(form.getByLabelText('Title')).toBeRequired()
    expect(form.getByLabelText('Description')).toBeRequired()
    expect(form.getByLabelText('Price')).toBeRequired()
    expect(form.getByLabelText('Price')).toHaveAttribute('type', 'number')
  })

  it('creates a course that appears in the list without a reload, then clears the form', async () => {
    const { user } = render(seedUser({ username: 'teacher', role: 'instructor' }))
    const form = within(await screen.findByRole('form', { name: 'Create course' }))
    await user.type(form.getByLabelText('Title'), 'Rook endings')
    await user.type(form.getByLabelText('Description'), 'Lucena and Philidor')
    await user.type(form.getByLabelText('Price'), '19.99')
    await user.click(form.getByRole('button', { name: 'Create Course' }))
    const c = await card('Rook endings')
    expect(c.getByText('$19.99')).toBeInTheDocument()
    expect(form.getByLabelText('Title')).toHaveValue('')
    expect((await stored.courses())[0]).toMatchObject({ title: 'Rook endings', price: 19.99 })
  })

  it('edits a course in edit mode, then closes edit mode', async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    seedCourse({ title: 'Old title', instructor: me, price: 5 })
    const { user } = render(me)
    await user.click((await card('Old title')).getByRole('button', { name: 'Edit Old title' }))
    const form = within(await screen.findByRole('form', { name: 'Edit course' }))
    expect(form.getByLabelText('Title')).toHaveValue('Old title')
    await user.clear(form.getByLabelText('Title'))
    await user.type(form.getByLabelText('Title'), 'New title')
    await user.click(form.getByRole('button', { name: 'Update Course' }))
    expect(await screen.findByRole('article', { name: 'New title' })).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Create course' })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Old title' })).not.toBeInTheDocument()
  })

  it('deletes a course after confirmation', async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    seedCourse({ title: 'Doomed', instructor: me })
    const { user } = render(me)
    await user.click((await card('Doomed')).getByRole('button', { name: 'Delete Doomed' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Doomed' })).not.toBeInTheDocument())
    expect(await stored.courses()).toHaveLength(0)
  })
})

describe('/courses: enrollment and cart', () => {
  it("enrolls with 'Enroll Now' and says 'Enrolled successfully!'", async () => {
    const course = seedCourse({ title: 'Strategy' })
    seedCourse({ title: 'Other' })
    const stu = seedUser({ username: 'stu' })
    const { user } = render(stu)
    const c = await card('Strategy')
    await enrollPaid(c, user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Enrolled successfully!')
    expect(await c.findByRole('link', { name: 'View Modules' })).toBeInTheDocument()
    expect(await stored.enrollments()).toEqual([
      expect.objectContaining({ courseId: course._id, studentId: stu._id }),
    ])
    expect(await c.findByRole('link', { name: 'stu' })).toBeInTheDocument()
    expect(countRequests(`/api/courses/${(await stored.courses())[1]._id}/enrolled-students`)).toBe(1)
  })

  it("says 'Failed to enroll in course.' when enrolling fails", async () => {
    seedCourse({ title: 'Strategy' })
    server.use(
      http.post(`${config.apiBaseUrl}/api/courses/:id/enroll`, () => HttpResponse.json({}, { status: 500 })),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(seedUser({ username: 'stu' }))
    const c = await card('Strategy')
    await enrollPaid(c, user)
    expect(await screen.findByText('Failed to enroll in course.')).toBeInTheDocument()
    // next to the button, too, where the student is looking
    expect(await c.findByRole('alert')).toHaveTextContent(ENROLL_RETRY_TEXT)
    expect(screen.queryByText('Enrolled successfully!')).not.toBeInTheDocument()
    expect(c.getByRole('button', { name: 'Enroll Now' })).toBeInTheDocument()
    spy.mockRestore()
  })

  it("shows a refused enrollment's reason (429) next to the button, gone on the next try", async () => {
    seedCourse({ title: 'Strategy' })
    let refuse = true
    server.use(
      http.post(`${config.apiBaseUrl}/api/courses/:id/enroll`, () =>
        refuse
          ? HttpResponse.json(
              {
                type: 'about:blank',
                title: 'Too Many Requests',
                status: 429,
                detail: 'Try again in a minute',
              },
              { status: 429, headers: { 'content-type': 'application/problem+json' } },
            )
          : undefined,
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(seedUser({ username: 'stu' }))
    const c = await card('Strategy')
    await enrollPaid(c, user)
    expect(await c.findByRole('alert')).toHaveTextContent('Try again in a minute.')
    refuse = false
    await enrollPaid(c, user)
    expect(await screen.findByText('Enrolled successfully!')).toBeInTheDocument()
    expect(c.queryByText('Try again in a minute.')).not.toBeInTheDocument()
    spy.mockRestore()
  })

  it('pays for an enrollment with an Idempotency-Key kept for a retry after a network failure, new after an answer', async () => {
    const course = seedCourse({ title: 'Strategy', price: 30 })
    const stu = seedUser({ username: 'stu' })
    const keys: (string | null)[] = []
    server.use(
      http.post(`${config.apiBaseUrl}/api/courses/:id/enroll`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'))
        if (keys.length === 1) return HttpResponse.error()
        if (keys.length === 2)
          return HttpResponse.json(
            { type: 'about:blank', title: 'Payment Required', status: 402, detail: 'Card declined' },
            { status: 402, headers: { 'content-type': 'application/problem+json' } },
          )
        return undefined
      }),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(stu)
    const c = await card('Strategy')
    await enrollPaid(c, user)
    expect(await screen.findByText('Failed to enroll in course.')).toBeInTheDocument()
    expect(await c.findByRole('alert')).toHaveTextContent(ENROLL_OFFLINE_TEXT)
    await enrollPaid(c, user)
    await waitFor(() => expect(keys).toHaveLength(2))
    await waitFor(() => expect(screen.getAllByText('Failed to enroll in course.')).toHaveLength(2))
    expect(await c.findByRole('alert')).toHaveTextContent(ENROLL_DECLINED_TEXT)
    await waitFor(() => expect(c.getByRole('button', { name: 'Enroll Now' })).toBeEnabled())
    await enrollPaid(c, user)
    expect(await screen.findByText('Enrolled successfully!')).toBeInTheDocument()
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/)
    // retried after the network failure: the same attempt; after the 402 answer: a new one
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).toMatch(/^[A-Za-z0-9_-]{8,100}$/)
    expect(keys[2]).not.toBe(keys[1])
    expect(await stored.enrollments()).toEqual([
      expect.objectContaining({ courseId: course._id, studentId: stu._id }),
    ])
    spy.mockRestore()
  })

  it("puts a course in the cart with 'Add to Cart'", async () => {
    const course = seedCourse({ title: 'Strategy' })
    const stu = seedUser({ username: 'stu' })
    const { user } = render(stu)
    const c = await card('Strategy')
    await user.click(await c.findByRole('button', { name: 'Add to Cart' }))
    expect(await c.findByText('In your cart')).toBeInTheDocument()
    expect(await stored.cart(stu._id)).toEqual([course._id])
  })

  it('shows a course already in the cart as such', async () => {
    const course = seedCourse({ title: 'Strategy' })
    const stu = seedUser({ username: 'stu' })
    seedCart(stu._id, [course._id])
    render(stu)
    expect(await (await card('Strategy')).findByText('In your cart')).toBeInTheDocument()
  })
})

describe('/courses: a list that failed to load', () => {
  it("says so with a Retry instead of 'No courses yet.', and Retry loads the courses", async () => {
    seedCourse({ title: 'Endgames', description: 'Rook endings', price: 10 })
    let fail = true
    server.use(
      http.get(`${config.apiBaseUrl}/api/courses`, () =>
        fail ? HttpResponse.json({ status: 500, title: 'Server error' }, { status: 500 }) : undefined,
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(seedUser({ username: 'stu' }))
    expect(await screen.findByText('The courses could not be loaded.')).toBeInTheDocument()
    expect(screen.queryByText('No courses yet.')).not.toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('article', { name: 'Endgames' })).toBeInTheDocument()
    expect(screen.queryByText('The courses could not be loaded.')).not.toBeInTheDocument()
    spy.mockRestore()
  })

  it("says a student's enrollments could not be loaded instead of offering 'Enroll Now' for a course bought", async () => {
    const course = seedCourse({ title: 'Endgames' })
    const stu = seedUser({ username: 'stu' })
    seedEnrollment(course._id, stu._id)
    let fail = true
    server.use(
      http.get(`${config.apiBaseUrl}/api/courses/user/:userId/enrolled`, () =>
        fail ? HttpResponse.json({ status: 500, title: 'Server error' }, { status: 500 }) : undefined,
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(stu)
    expect(await screen.findByRole('alert')).toHaveTextContent('Your enrollments could not be loaded.')
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await (await card('Endgames')).findByRole('link', { name: 'View Modules' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument()
    expect(screen.queryByText('Your enrollments could not be loaded.')).not.toBeInTheDocument()
    spy.mockRestore()
  })
})
