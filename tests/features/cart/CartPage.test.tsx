import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import CartPage from '@/features/cart/CartPage'
import { formatTotal } from '@/features/cart/cartTotal'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { db, seedCart, seedCourse, seedUser, sessionOf, type FakeUser } from '../../helpers/fakeDb'

const render = (who?: FakeUser) =>
  renderWithProviders(<CartPage />, {
    route: '/cart',
    path: '/cart',
    preloadedState: who ? { auth: sessionOf(who) } : undefined,
  })

describe('/cart (spec §2, §9; DECISIONS.md cart)', () => {
  it("shows the 'Login Required' modal to a visitor", async () => {
    const { user } = render()
    const dialog = screen.getByRole('dialog', { name: 'Login Required' })
    expect(
      within(dialog).getByText('You need to be logged in to view enroll courses. Please login or register.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Login' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Other page')).toBeInTheDocument()
  })

  it("lists the cart under 'Shopping Cart' with the total as $ and 2 decimals", async () => {
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    const b = seedCourse({ title: 'Endgames', price: 5 })
    seedCart(stu._id, [a._id, b._id])
    render(stu)
    expect(screen.getByRole('heading', { name: 'Shopping Cart' })).toBeInTheDocument()
    const list = within(await screen.findByRole('list', { name: 'Courses in the cart' }))
    expect(list.getByText('Openings')).toBeInTheDocument()
    expect(list.getByText('$19.99')).toBeInTheDocument()
    expect(list.getByText('$5.00')).toBeInTheDocument()
    expect(screen.getByText('Total:').parentElement).toHaveTextContent('Total: $24.99')
  })

  it('formats totals with two decimals', () => {
    expect(formatTotal(0)).toBe('$0.00')
    expect(formatTotal(10)).toBe('$10.00')
    expect(formatTotal(0.1 + 0.2)).toBe('$0.30')
  })

  it('checks out: enrolls in every course and empties the cart', async () => {
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    seedCart(stu._id, [a._id])
    const { user } = render(stu)
    await user.click(await screen.findByRole('button', { name: 'Checkout' }))
    expect(await screen.findByText(/Your cart is empty/)).toBeInTheDocument()
    expect(screen.getByText('Total:').parentElement).toHaveTextContent('Total: $0.00')
    expect(db.enrollments).toEqual([expect.objectContaining({ courseId: a._id, studentId: stu._id })])
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled()
  })

  it('removes a course from the cart', async () => {
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    seedCart(stu._id, [a._id])
    const { user } = render(stu)
    await user.click(await screen.findByRole('button', { name: 'Remove Openings' }))
    await waitFor(() => expect(screen.queryByText('Openings')).not.toBeInTheDocument())
    expect(db.carts.get(stu._id)).toEqual([])
  })
})
