import { useGetPaymentProviderQuery } from '@/features/orders/ordersEndpoints'

export const SIMULATED_PAYMENTS_TEXT = 'Payments are simulated on this server: no money is charged.'

/** Said next to every button that takes money while the server's payments are simulated. */
export function PaymentNotice() {
  const { data } = useGetPaymentProviderQuery()
  if (data?.provider !== 'simulated') return null
  return <p className="notice">{SIMULATED_PAYMENTS_TEXT}</p>
}
