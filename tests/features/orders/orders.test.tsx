import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import CartPage from '@/features/cart/CartPage'
import OrdersPanel from '@/features/admin/OrdersPanel'
import MyOrders from '@/features/orders/MyOrders'
import Earnings from '@/features/orders/Earnings'
import ReceiptPage from '@/features/orders/ReceiptPage'
import { SIMULATED_PAYMENTS_TEXT } from '@/features/orders/PaymentNotice'
import {
  PAYMENT_CANCELLED_TEXT,
  PAYMENT_CONFIRMING_TEXT,
  PAYMENT_RECEIVED_TEXT,
} from '@/features/orders/CheckoutReturn'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { query, seedCart, seedCourse, seedUser, sessionOf, type SeededUser } from '../../helpers/backend'

/** An order of `buyer` for these courses, as the server records it (prices in cents). */
async function seedOrder(
  buyer: SeededUser,
  courses: { _id: string; title: string; price: number }[],
  status: string,
) {
  const total = courses.reduce((sum, c) => sum + Math.round(c.price * 100), 0)
  const [order] = await query<{ id: string }>(
    `INSERT INTO orders (user_id, total_cents, status, kind, idempotency_key, payment_reference, provider, created_at)
     VALUES ($1, $2, $3, 'checkout', $4, $5, 'simulated', '2026-03-14T10:00:00Z') RETURNING id`,
    [
      buyer._id,
      total,
      status,
      `key-${Math.random().toString(36).slice(2, 12)}`,
      status === 'pending' ? null : 'local-ref-1',
    ],
  )
  for (const [i, c] of courses.entries())
    await query(
      'INSERT INTO order_items (order_id, course_id, course_title, price_cents, position) VALUES ($1, $2, $3, $4, $5)',
      [order.id, c._id, c.title, Math.round(c.price * 100), i + 1],
    )
  if (status === 'paid')
    for (const c of courses)
      await query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [c._id, buyer._id])
  return order.id
}

describe('payments and orders', () => {
  it('says next to Checkout that payments are simulated on this server', async () => {
    const stu = seedUser({ username: 'stu' })
    seedCart(stu._id, [seedCourse({ title: 'Openings', price: 19.99 })._id])
    renderWithProviders(<CartPage />, {
      route: '/cart',
      path: '/cart',
      preloadedState: { auth: sessionOf(stu) },
    })
    const checkout = await screen.findByRole('button', { name: 'Checkout' })
    expect(await screen.findByText(SIMULATED_PAYMENTS_TEXT)).toBeInTheDocument()
    expect(checkout.nextElementSibling).toHaveTextContent(SIMULATED_PAYMENTS_TEXT)
  })

  it('back from the payment page, /cart?order= confirms the payment until the order is paid', async () => {
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    const orderId = await seedOrder(stu, [a], 'pending')
    renderWithProviders(<CartPage />, {
      route: `/cart?order=${orderId}`,
      path: '/cart',
      preloadedState: { auth: sessionOf(stu) },
    })
    expect(await screen.findByText(PAYMENT_CONFIRMING_TEXT)).toBeInTheDocument()
    // The webhook pays it.
    await query("UPDATE orders SET status = 'paid', payment_reference = 'pi_1' WHERE id = $1", [orderId])
    expect(await screen.findByText(PAYMENT_RECEIVED_TEXT, {}, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the receipt' })).toHaveAttribute(
      'href',
      `/orders/${orderId}`,
    )
  })

  it('after a cancel on the payment page, says nothing was charged', async () => {
    const stu = seedUser({ username: 'stu' })
    const orderId = await seedOrder(stu, [seedCourse({ title: 'Openings', price: 19.99 })], 'pending')
    renderWithProviders(<CartPage />, {
      route: `/cart?order=${orderId}&cancelled=1`,
      path: '/cart',
      preloadedState: { auth: sessionOf(stu) },
    })
    expect(await screen.findByText(PAYMENT_CANCELLED_TEXT)).toBeInTheDocument()
  })

  it("'My orders' lists date, courses, total and state; a paid one opens its receipt with number, date, lines and total", async () => {
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    const b = seedCourse({ title: 'Endgames', price: 5 })
    const orderId = await seedOrder(stu, [a, b], 'paid')
    renderWithProviders(<MyOrders />, { preloadedState: { auth: sessionOf(stu) } })
    const table = await screen.findByRole('table')
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells).toEqual(['14 Mar 2026', 'Openings, Endgames', '$24.99', 'Paid'])
    const number = orderId.slice(0, 8).toUpperCase()
    expect(screen.getByRole('link', { name: `Receipt of order ${number}` })).toHaveAttribute(
      'href',
      `/orders/${orderId}`,
    )

    renderWithProviders(<ReceiptPage />, {
      route: `/orders/${orderId}`,
      path: '/orders/:orderId',
      preloadedState: { auth: sessionOf(stu) },
    })
    const receipt = await screen.findByRole('article', { name: 'Receipt' })
    expect(receipt).toHaveTextContent(`Order${number}`)
    expect(receipt).toHaveTextContent('Date14 Mar 2026')
    expect(receipt).toHaveTextContent('Payment referencelocal-ref-1')
    expect(within(receipt).getByRole('link', { name: 'Openings' }).parentElement).toHaveTextContent('$19.99')
    expect(within(receipt).getByRole('link', { name: 'Endgames' }).parentElement).toHaveTextContent('$5.00')
    expect(within(receipt).getByText('Total:').parentElement).toHaveTextContent('Total: $24.99')
    expect(receipt).not.toHaveTextContent(orderId)
  })

  it("/admin's orders show the provider in use, filter by state and refund a paid order after a confirmation", async () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    const orderId = await seedOrder(stu, [a], 'paid')
    await seedOrder(stu, [seedCourse({ title: 'Tactics', price: 3 })], 'pending')
    const { user } = renderWithProviders(<OrdersPanel />, { preloadedState: { auth: sessionOf(admin) } })
    expect(await screen.findByText('Simulated (no money is charged)')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3))
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'paid')
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2))
    const row = screen.getAllByRole('row')[1]
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 6),
    ).toEqual(['14 Mar 2026', 'stu', 'Openings', '$19.99', 'Paid', 'local-ref-1'])
    await user.click(
      within(row).getByRole('button', { name: `Refund order ${orderId.slice(0, 8).toUpperCase()}` }),
    )
    const dialog = screen.getByRole('dialog', { name: 'Refund this order?' })
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    expect(await screen.findByText('Order refunded.')).toBeInTheDocument()
    expect(await query('SELECT status FROM orders WHERE id = $1', [orderId])).toEqual([
      { status: 'refunded' },
    ])
    expect(await query('SELECT 1 FROM enrollments WHERE student_id = $1', [stu._id])).toEqual([])
  })

  it("an instructor's 'Earnings' shows each course's paid enrollments and revenue net of refunds, and the total", async () => {
    const judit = seedUser({ username: 'judit', role: 'instructor' })
    const stu = seedUser({ username: 'stu' })
    const other = seedUser({ username: 'other' })
    const a = seedCourse({ title: 'Openings', price: 19.99, instructor: judit })
    const b = seedCourse({ title: 'Endgames', price: 5, instructor: judit })
    await seedOrder(stu, [a, b], 'paid')
    await seedOrder(other, [a], 'refunded')
    renderWithProviders(<Earnings />, { preloadedState: { auth: sessionOf(judit) } })
    const table = await screen.findByRole('table')
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))
    expect(rows).toEqual([
      ['Course', 'Paid enrollments', 'Revenue'],
      ['Endgames', '1', '$5.00'],
      ['Openings', '1', '$19.99'],
      ['Total', '2', '$24.99'],
    ])
  })
})
