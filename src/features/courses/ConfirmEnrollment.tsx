import { useEffect, useRef } from 'react'
import type { Course } from '@/api/generated/api'
import { Modal } from '@/components/Modal'
import { useGetPaymentProviderQuery } from '@/features/orders/ordersEndpoints'
import { PaymentNotice } from '@/features/orders/PaymentNotice'
import { formatMoney } from '@domain/rules'

export const CONFIRM_PURCHASE_TITLE = 'Confirm your purchase'
export const CONFIRM_AND_PAY = 'Confirm and pay'

type Props = {
  course: Pick<Course, 'title' | 'price'>
  onConfirm: () => void
  onCancel: () => void
}

/**
 * Asks before 'Enroll Now' takes money for a paid course: a dialog naming the course and its price, 'Cancel' first
 * (where focus lands, so a second press of Enter buys nothing) and 'Confirm and pay'. With Stripe, whose hosted
 * page shows the price and asks, it goes on at once. While the server's provider is not known it waits; when it
 * cannot be known, it asks.
 */
export default function ConfirmEnrollment({ course, onConfirm, onCancel }: Props) {
  const provider = useGetPaymentProviderQuery()
  const hosted = provider.data?.provider === 'stripe'
  const goneOn = useRef(false)
  useEffect(() => {
    if (!hosted || goneOn.current) return
    goneOn.current = true
    onConfirm()
  }, [hosted, onConfirm])
  if (hosted || provider.isLoading) return null
  return (
    <Modal title={CONFIRM_PURCHASE_TITLE} onClose={onCancel}>
      <p>
        Enroll in <strong>{course.title}</strong> for <strong>{formatMoney(course.price)}</strong>?
      </p>
      <PaymentNotice />
      <div className="row">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn--primary" onClick={onConfirm}>
          {CONFIRM_AND_PAY}
        </button>
      </div>
    </Modal>
  )
}
