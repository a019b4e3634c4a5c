// Orders: the payment provider in use (the simulation notice), the buyer's orders and receipts, the admin's orders
// and refunds, the instructors' earnings. (Stripe's webhook is Stripe's to call: no endpoint here.)
import { generatedOrdersApi } from '@/api/generated/ordersApi'
import { TAG_TYPES } from '@/api/tags'

// Generated into a file of its own (openapi/codegen.config.cjs): loaded with these screens, not in the entry chunk.
export const ordersApi = generatedOrdersApi.enhanceEndpoints({
  addTagTypes: TAG_TYPES,
  endpoints: {
    getPaymentProvider: { keepUnusedDataFor: 3600 },
    getMyOrders: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    getOrder: { providesTags: (_r, _e, arg) => [{ type: 'Order', id: arg.orderId }] },
    getOrders: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    getEarnings: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    refundOrder: {
      invalidatesTags: (r, _e, arg) =>
        r
          ? [
              { type: 'Order', id: 'LIST' },
              { type: 'Order', id: arg.orderId },
              { type: 'Enrollment', id: 'LIST' },
            ]
          : [],
    },
  },
})

export const {
  useGetPaymentProviderQuery,
  useGetMyOrdersQuery,
  useGetOrderQuery,
  useGetOrdersQuery,
  useGetEarningsQuery,
  useRefundOrderMutation,
} = ordersApi
