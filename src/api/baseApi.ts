import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { config } from '@/app/config'
import { authHeaders } from '@/api/authHeaders'

const rawBaseQuery = fetchBaseQuery({
  baseUrl: config.apiBaseUrl,
  prepareHeaders: (headers, { getState }) => authHeaders(headers, getState),
})

/** Fired when a bearer call answers 401, so the auth listener can log the user out. */
export const unauthorizedResponse = { type: 'api/unauthorizedResponse' } as const

/** A mutation with no answer within this fails (TIMEOUT_ERROR), so its control says so instead of waiting on. */
export const MUTATION_TIMEOUT_MS = 10_000
/** Sending a video of hundreds of megabytes takes longer than that on a slow line: it waits for its answer. */
const UNTIMED_MUTATIONS = new Set(['uploadVideo'])

/** Mailed links: their 401 says the link has expired or was used, not that the session has ended. */
const LINK_ENDPOINTS = new Set(['resetPassword', 'verifyEmail'])

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const sent =
    api.type === 'mutation' && !UNTIMED_MUTATIONS.has(api.endpoint)
      ? { timeout: MUTATION_TIMEOUT_MS, ...(typeof args === 'string' ? { url: args } : args) }
      : args
  const result = await rawBaseQuery(sent, api, extra)
  const sentBearer = result.meta?.request?.headers.get('Authorization')?.startsWith('Bearer ')
  if (result.error?.status === 401 && sentBearer && !LINK_ENDPOINTS.has(api.endpoint))
    api.dispatch(unauthorizedResponse)
  return result
}

// Empty on purpose: endpoints are injected by the generated file, tag types added by api.ts, and each feature's
// cache rules by its own endpoints file (src/features/<feature>/*Endpoints.ts).
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
})
