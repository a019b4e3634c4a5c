// 'Enroll Now' on a paid course takes money: with simulated payments it first asks in a dialog naming the course and
// its price ('Confirm and pay', 'Cancel'); 'Cancel' (or Escape) sends nothing and leaves no order. A free course
// enrolls at once, as the spec says; with Stripe, whose hosted page asks, 'Enroll Now' goes straight there.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import CoursesPage from '@/features/courses/CoursesPage'
import { AlertList } from '@/features/layout/AlertList'
import { SIMULATED_PAYMENTS_TEXT } from '@/features/orders/PaymentNotice'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { query, seedCourse, seedUser, sessionOf, stored, type SeededUser } from '../../helpers/backend'
import { countRequests, server } from '../../helpers/mswServer'

const API = `${config.apiBaseUrl}/api`

function render(who: SeededUser) {
  return renderWithProviders(
    <>
      <AlertList />
      <CoursesPage />
    </>,
    { route: '/courses', path: '/courses', preloadedState: { auth: sessionOf(who) } },
  )
}
const card = async (title: string) => within(await screen.findByRole('article', { name: title }))
const orders = async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0].n

function seedPaid() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  return seedCourse({ title: 'Rook Endings', price: 49.5, instructor: teacher })
}

describe("'Enroll Now' on a paid course, payments simulated", () => {
  it('asks first, naming the course and its price; Cancel and Escape send nothing and leave no order', async () => {
    const course = seedPaid()
    const stu = seedUser({ username: 'stu' })
    const { user } = render(stu)
    const c = await card('Rook Endings')
    const enroll = await c.findByRole('button', { name: 'Enroll Now' })
    await user.click(enroll)

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your purchase' })
    expect(dialog).toHaveTextContent('Enroll in Rook Endings for $49.50?')
    expect(within(dialog).getByText(SIMULATED_PAYMENTS_TEXT)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Confirm and pay' })).toBeInTheDocument()
    // focus moves in, onto Cancel: pressing Enter twice on 'Enroll Now' buys nothing
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(enroll).toHaveFocus()

    await user.click(enroll)
    await screen.findByRole('dialog', { name: 'Confirm your purchase' })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(enroll).toHaveFocus()

    // nothing was asked of the server, nothing bought
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(countRequests(`/api/courses/${course._id}/enroll`, 'POST')).toBe(0)
    expect(await stored.enrollments()).toEqual([])
    expect(await orders()).toBe(0)
    expect(c.getByRole('button', { name: 'Enroll Now' })).toBeInTheDocument()
    expect(screen.queryByText('Enrolled successfully!')).not.toBeInTheDocument()
  })

  it("enrolls on 'Confirm and pay': one order, the spec's alert and 'View Modules'", async () => {
    const course = seedPaid()
    const stu = seedUser({ username: 'stu' })
    const { user } = render(stu)
    const c = await card('Rook Endings')
    await user.click(await c.findByRole('button', { name: 'Enroll Now' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your purchase' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay' }))

    expect(await screen.findByText('Enrolled successfully!')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await c.findByRole('link', { name: 'View Modules' })).toBeInTheDocument()
    expect(await stored.enrollments()).toEqual([
      expect.objectContaining({ courseId: course._id, studentId: stu._id }),
    ])
    expect(countRequests(`/api/courses/${course._id}/enroll`, 'POST')).toBe(1)
    expect(await orders()).toBe(1)
  })
})

describe("'Enroll Now' without a question", () => {
  afterEach(() => {
    // the Stripe case leaves the address's fragment behind
    history.replaceState(null, '', location.pathname + location.search)
  })

  it('enrolls in a free course at once, as the spec says', async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const course = seedCourse({ title: 'Opening Basics', price: 0, instructor: teacher })
    const stu = seedUser({ username: 'stu' })
    const { user } = render(stu)
    const c = await card('Opening Basics')
    await user.click(await c.findByRole('button', { name: 'Enroll Now' }))
    expect(await screen.findByText('Enrolled successfully!')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await stored.enrollments()).toEqual([
      expect.objectContaining({ courseId: course._id, studentId: stu._id }),
    ])
  })

  it("goes straight to Stripe's hosted page, which shows the price and asks", async () => {
    const course = seedPaid()
    const hosted = `${location.href.split('#')[0]}#stripe-checkout`
    server.use(
      http.get(`${API}/payments/provider`, () => HttpResponse.json({ provider: 'stripe' })),
      http.post(`${API}/courses/:courseId/enroll`, () =>
        HttpResponse.json({ orderId: '00000000-0000-4000-8000-000000000001', url: hosted }, { status: 202 }),
      ),
    )
    const { user } = render(seedUser({ username: 'stu' }))
    const c = await card('Rook Endings')
    await user.click(await c.findByRole('button', { name: 'Enroll Now' }))
    await waitFor(() => expect(location.hash).toBe('#stripe-checkout'))
    expect(countRequests(`/api/courses/${course._id}/enroll`, 'POST')).toBe(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
