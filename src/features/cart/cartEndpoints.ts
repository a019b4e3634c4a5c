// The cart, and the checkout that turns it into enrollments: a checkout refetches everything an enrollment changes
// (the courses' students, the profile, the caller's progress).
import { api } from '@/api/api'
import { courseTags, myProgressTag, studentsId } from '@/api/tags'

export const cartApi = api.enhanceEndpoints({
  endpoints: {
    getCart: { providesTags: (r) => [...courseTags(r?.items), { type: 'Cart', id: 'LIST' }] },
    addToCart: { invalidatesTags: (r) => (r ? [{ type: 'Cart', id: 'LIST' }] : []) },
    removeFromCart: { invalidatesTags: (r) => (r ? [{ type: 'Cart', id: 'LIST' }] : []) },
    checkout: {
      // A 202 (Stripe) enrolls nobody yet: the buyer leaves for Stripe's page and comes back to a new load.
      invalidatesTags: (r) =>
        r && 'courseIds' in r
          ? [
              { type: 'Cart', id: 'LIST' },
              { type: 'Enrollment', id: 'LIST' },
              ...r.courseIds.map((id) => ({ type: 'Enrollment' as const, id: studentsId(id) })),
              { type: 'Profile', id: 'me' },
              { type: 'Profile', id: 'LIST' },
              myProgressTag,
              ...r.courseIds.map((id) => ({ type: 'Progress' as const, id: studentsId(id) })),
            ]
          : [],
    },
  },
})

export const { useGetCartQuery, useAddToCartMutation, useRemoveFromCartMutation, useCheckoutMutation } =
  cartApi
