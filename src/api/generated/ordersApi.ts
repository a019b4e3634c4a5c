import { baseApi as api } from '../baseApi'
export const addTagTypes = ['Payments', 'Orders'] as const
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getPaymentProvider: build.query<GetPaymentProviderApiResponse, GetPaymentProviderApiArg>({
        query: () => ({ url: `/api/payments/provider` }),
        providesTags: ['Payments'],
      }),
      getOrders: build.query<GetOrdersApiResponse, GetOrdersApiArg>({
        query: (queryArg) => ({
          url: `/api/orders`,
          params: {
            status: queryArg.status,
          },
        }),
        providesTags: ['Orders'],
      }),
      getMyOrders: build.query<GetMyOrdersApiResponse, GetMyOrdersApiArg>({
        query: () => ({ url: `/api/me/orders` }),
        providesTags: ['Orders'],
      }),
      getOrder: build.query<GetOrderApiResponse, GetOrderApiArg>({
        query: (queryArg) => ({ url: `/api/orders/${queryArg.orderId}` }),
        providesTags: ['Orders'],
      }),
      refundOrder: build.mutation<RefundOrderApiResponse, RefundOrderApiArg>({
        query: (queryArg) => ({ url: `/api/orders/${queryArg.orderId}/refund`, method: 'POST' }),
        invalidatesTags: ['Orders'],
      }),
      getEarnings: build.query<GetEarningsApiResponse, GetEarningsApiArg>({
        query: () => ({ url: `/api/earnings` }),
        providesTags: ['Orders'],
      }),
    }),
    overrideExisting: false,
  })
export { injectedRtkApi as generatedOrdersApi }
export type GetPaymentProviderApiResponse = /** status 200 The provider in use */ PaymentProviderInfo
export type GetPaymentProviderApiArg = void
export type GetOrdersApiResponse = /** status 200 The newest 500 orders (of that state) */ OrderDetail[]
export type GetOrdersApiArg = {
  status?: OrderStatus
}
export type GetMyOrdersApiResponse = /** status 200 The caller's orders */ OrderDetail[]
export type GetMyOrdersApiArg = void
export type GetOrderApiResponse = /** status 200 The order */ OrderDetail
export type GetOrderApiArg = {
  orderId: Id
}
export type RefundOrderApiResponse = /** status 200 The refunded order */ OrderDetail
export type RefundOrderApiArg = {
  orderId: Id
}
export type GetEarningsApiResponse =
  /** status 200 Per instructor, per course, and the totals */ InstructorEarnings[]
export type GetEarningsApiArg = void
export type PaymentProviderInfo = {
  /** `simulated`: payments are approved and no money is charged; `stripe`: Stripe Checkout */
  provider: 'simulated' | 'stripe'
}
export type Problem = {
  type: string
  title: string
  status: number
  detail?: string
  instance?: string
}
export type Id = string
export type OrderStatus = 'pending' | 'paid' | 'declined' | 'refunded' | 'refund_failed' | 'expired'
export type OrderLine = {
  /** null once the course was deleted */
  courseId: Id | null
  title: string
  price: number
}
export type OrderDetail = {
  _id: Id
  /** The short order number people read (the first 8 characters of the id, upper case) */
  number: string
  status: OrderStatus
  createdAt: string
  lines: OrderLine[]
  total: number
  provider: 'simulated' | 'stripe'
  /** The provider's reference of the payment (none before it is paid) */
  paymentReference: string | null
  /** The buyer; null once that account is gone */
  buyer: {
    _id: Id
    username: string
  } | null
}
export type InstructorEarnings = {
  instructor: {
    _id: Id
    username: string
  }
  courses: {
    courseId: Id
    title: string
    /** Paid orders of the course that were not refunded */
    paidEnrollments: number
    /** What those orders paid for the course, in dollars */
    revenue: number
  }[]
  paidEnrollments: number
  revenue: number
}
