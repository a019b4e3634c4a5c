import type { SerializedError } from '@reduxjs/toolkit'
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'

/** A readable message from an RTK Query error: the problem+json detail or title, else the status. */
export function errorMessage(error: FetchBaseQueryError | SerializedError | undefined): string {
  if (!error) return 'Unknown error'
  if ('status' in error) {
    const data = error.data as { detail?: string; title?: string } | undefined
    if (data?.detail) return data.detail
    if (data?.title) return data.title
    if ('error' in error) return error.error
    return `Request failed with status ${error.status}`
  }
  return error.message ?? 'Unknown error'
}
