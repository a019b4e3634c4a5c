import { useRef, useState } from 'react'
import type { Course } from '@/api/generated/api'
import { useCheckoutMutation } from '@/features/cart/cartEndpoints'
import { useAppDispatch } from '@/app/hooks'
import { ErrorMessage } from '@/components/ErrorMessage'
import { asSentence, problemDetailOf } from '@/api/problemText'
import { alertShown } from '@/features/layout/alertsSlice'
import type { PurchaseReceipt } from '@/features/cart/Receipt'
import { PaymentNotice } from '@/features/orders/PaymentNotice'

export const CHECKOUT_DONE_TEXT = 'Checkout complete: you are now enrolled in these courses.'
export const CHECKOUT_OFFLINE_TEXT =
  'Checkout could not reach the server. Press Checkout again: the same purchase is never charged twice.'
export const CHECKOUT_DECLINED_TEXT = 'The payment was declined; nothing was bought.'
export const CHECKOUT_FAILED_TEXT = 'Checkout failed; please try again.'

/** A new Idempotency-Key (letters, digits and dashes, 32 to 36 characters) for one purchase attempt. */
export function newPurchaseKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // crypto.randomUUID exists only on secure origins (https, localhost); getRandomValues everywhere
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  )
}

/** No answer came back (offline, connection dropped): the same attempt may have reached the server. */
export function isNetworkFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR'
}

function checkoutFailureText(error: unknown): string {
  if (isNetworkFailure(error)) return CHECKOUT_OFFLINE_TEXT
  const status = (error as { status?: unknown } | null)?.status
  if (status === 402) return CHECKOUT_DECLINED_TEXT
  // the server's own sentence: 'The cart is empty', 'A course in your order is no longer available; ...',
  // or how long to wait (429)
  const detail = problemDetailOf(error)
  if ((status === 409 || status === 429) && detail) return asSentence(detail)
  return CHECKOUT_FAILED_TEXT
}

/**
 * The cart's Checkout button. A purchase that went through ends on a receipt (and the in-app alert); one that
 * failed says why next to the button, until the next press.
 */
export function CheckoutButton({ items, onDone }: { items: Course[]; onDone: (r: PurchaseReceipt) => void }) {
  const [checkout, { isLoading: checkingOut }] = useCheckoutMutation()
  const dispatch = useAppDispatch()
  // One key per purchase attempt: kept when no answer came back, so pressing Checkout again retries the
  // same attempt (the server never charges it twice); any answer ends the attempt.
  const attemptKey = useRef<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  async function onCheckout() {
    const key = (attemptKey.current ??= newPurchaseKey())
    const titles = Object.fromEntries(items.map((c) => [c._id, c.title]))
    const prices = Object.fromEntries(items.map((c) => [c._id, c.price]))
    setFailure(null)
    try {
      const order = await checkout({ 'Idempotency-Key': key }).unwrap()
      if ('url' in order) {
        // Stripe: the buyer pays on Stripe's page, which comes back to /cart?order=…
        window.location.assign(order.url)
        return
      }
      attemptKey.current = null
      onDone({ order, titles, prices })
      dispatch(alertShown(CHECKOUT_DONE_TEXT, 'success'))
    } catch (error) {
      if (!isNetworkFailure(error)) attemptKey.current = null
      setFailure(checkoutFailureText(error))
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn--primary"
        disabled={items.length === 0 || checkingOut}
        onClick={() => void onCheckout()}
      >
        Checkout
      </button>
      <PaymentNotice />
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
    </>
  )
}
