import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { api } from '@/api/api'
import { config } from '@/app/config'
import CartPage from '@/features/cart/CartPage'
import {
  CHECKOUT_DECLINED_TEXT,
  CHECKOUT_DONE_TEXT,
  CHECKOUT_OFFLINE_TEXT,
} from '@/features/cart/CheckoutButton'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { stored, seedCart, seedCourse, seedUser, sessionOf, type SeededUser } from '../../helpers/backend'
import { server } from '../../helpers/mswServer'

const CHECKOUT_URL = `${config.apiBaseUrl}/api/cart/checkout`
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

const render = (who?: SeededUser) =>
  renderWithProviders(<CartPage />, {
    route: '/cart',
    path: '/cart',
    preloadedState: who ? { auth: sessionOf(who) } : undefined,
  })

describe('/cart', () => {
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

  it("shows the server's total, not a sum of its own", async () => {
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    seedCart(stu._id, [a._id])
    server.use(
      http.get(`${config.apiBaseUrl}/api/cart`, () => HttpResponse.json({ items: [{ ...a }], total: 42.5 })),
    )
    render(stu)
    await screen.findByRole('list', { name: 'Courses in the cart' })
    expect(screen.getByText('Total:').parentElement).toHaveTextContent('Total: $42.50')
  })

  it('checks out: enrolls in every course and ends on a receipt with the short order number, each price, the total paid and the courses', async () => {
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    const b = seedCourse({ title: 'Endgames', price: 5 })
    seedCart(stu._id, [a._id, b._id])
    let orderId = ''
    const onResponse = async ({ request, response }: { request: Request; response: Response }) => {
      if (request.url === CHECKOUT_URL && response.status === 201)
        orderId = ((await response.clone().json()) as { _id: string })._id
    }
    server.events.on('response:mocked', onResponse)
    onTestFinished(() => server.events.removeListener('response:mocked', onResponse))
    const { user } = render(stu)
    await user.click(await screen.findByRole('button', { name: 'Checkout' }))
    const receipt = await screen.findByRole('region', { name: 'Thank you for your purchase' })
    expect(within(receipt).getByRole('link', { name: 'Openings' })).toHaveAttribute(
      'href',
      `/courses/${a._id}/modules`,
    )
    expect(within(receipt).getByRole('link', { name: 'Endgames' })).toHaveAttribute(
      'href',
      `/courses/${b._id}/modules`,
    )
    expect(within(receipt).getByText('Total paid:').parentElement).toHaveTextContent('Total paid: $24.99')
    expect(orderId).not.toBe('')
    // A short order number a person can read (not the raw id), each line's price, and a way to the printable receipt.
    expect(within(receipt).getByText(orderId.slice(0, 8).toUpperCase())).toBeInTheDocument()
    expect(within(receipt).queryByText(orderId)).not.toBeInTheDocument()
    expect(within(receipt).getByRole('link', { name: 'Openings' }).parentElement).toHaveTextContent('$19.99')
    expect(within(receipt).getByRole('link', { name: 'Printable receipt' })).toHaveAttribute(
      'href',
      `/orders/${orderId}`,
    )
    // (until the cart is read again, the old one still shows under the receipt)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument())
    expect((await stored.enrollments()).map((e) => e.courseId).sort()).toEqual([a._id, b._id].sort())
  })

  it('sends an Idempotency-Key per purchase attempt and reuses it when the attempt is retried after a network failure', async () => {
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    const b = seedCourse({ title: 'Endgames', price: 5 })
    seedCart(stu._id, [a._id])
    const keys: (string | null)[] = []
    server.use(
      http.post(CHECKOUT_URL, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'))
        // the first request never gets an answer; the others reach the fake backend
        if (keys.length === 1) return HttpResponse.error()
        return undefined
      }),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, store } = render(stu)
    await user.click(await screen.findByRole('button', { name: 'Checkout' }))
    // said next to the button, not only logged
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECKOUT_OFFLINE_TEXT)
    expect(await stored.enrollments()).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Checkout' }))
    expect(await screen.findByRole('region', { name: 'Thank you for your purchase' })).toBeInTheDocument()
    expect(screen.queryByText(CHECKOUT_OFFLINE_TEXT)).not.toBeInTheDocument()
    expect(store.getState().alerts.map((x) => x.text)).toContain(CHECKOUT_DONE_TEXT)
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(KEY_PATTERN)
    expect(keys[1]).toBe(keys[0])
    // the next purchase is a new attempt with a new key
    seedCart(stu._id, [b._id])
    store.dispatch(api.util.invalidateTags([{ type: 'Cart', id: 'LIST' }]))
    // wait for the refetched cart (and an enabled Checkout) before pressing, or the press may meet the old page
    await screen.findByText('Endgames', undefined, { timeout: 15_000 })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled(), {
      timeout: 15_000,
    })
    await user.click(screen.getByRole('button', { name: 'Checkout' }))
    await waitFor(() => expect(keys).toHaveLength(3), { timeout: 15_000 })
    expect(keys[2]).toMatch(KEY_PATTERN)
    expect(keys[2]).not.toBe(keys[0])
    spy.mockRestore()
  })

  it('says the payment was declined, and a new press is a new attempt with a new key', async () => {
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    seedCart(stu._id, [a._id])
    const keys: (string | null)[] = []
    server.use(
      http.post(CHECKOUT_URL, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'))
        return HttpResponse.json(
          { type: 'about:blank', title: 'Payment Required', status: 402, detail: 'Card declined' },
          { status: 402, headers: { 'content-type': 'application/problem+json' } },
        )
      }),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(stu)
    await user.click(await screen.findByRole('button', { name: 'Checkout' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECKOUT_DECLINED_TEXT)
    await user.click(screen.getByRole('button', { name: 'Checkout' }))
    await waitFor(() => expect(keys).toHaveLength(2))
    expect(keys[1]).not.toBe(keys[0])
    expect(await stored.enrollments()).toEqual([])
    expect(screen.getByText('Openings')).toBeInTheDocument()
    spy.mockRestore()
  })

  it("shows the server's reason when checkout is refused for now (429), next to the button", async () => {
    const stu = seedUser({ username: 'stu' })
    seedCart(stu._id, [seedCourse({ title: 'Openings', price: 19.99 })._id])
    server.use(
      http.post(CHECKOUT_URL, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Try again in a minute.' },
          { status: 429, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(stu)
    await user.click(await screen.findByRole('button', { name: 'Checkout' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a minute.')
    expect(screen.getByText('Openings')).toBeInTheDocument()
    expect(await stored.enrollments()).toEqual([])
    expect(spy).toHaveBeenCalled()
    spy.mockRestore()
  })

  it('removes a course from the cart', async () => {
    const stu = seedUser({ username: 'stu' })
    const a = seedCourse({ title: 'Openings', price: 19.99 })
    seedCart(stu._id, [a._id])
    const { user } = render(stu)
    await user.click(await screen.findByRole('button', { name: 'Remove Openings' }))
    await waitFor(() => expect(screen.queryByText('Openings')).not.toBeInTheDocument())
    expect(await stored.cart(stu._id)).toEqual([])
  })

  it("says the cart could not be loaded, with a Retry, instead of 'Your cart is empty.'", async () => {
    const stu = seedUser({ username: 'stu' })
    seedCart(stu._id, [seedCourse({ title: 'Openings', price: 12.5 })._id])
    let fail = true
    server.use(
      http.get(`${config.apiBaseUrl}/api/cart`, () =>
        fail ? HttpResponse.json({ status: 500, title: 'Server error' }, { status: 500 }) : undefined,
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(stu)
    expect(await screen.findByText('Your cart could not be loaded.')).toBeInTheDocument()
    expect(screen.queryByText(/Your cart is empty/)).not.toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Openings')).toBeInTheDocument()
    expect(screen.getAllByText('$12.50').length).toBeGreaterThan(0)
    spy.mockRestore()
  })
})
