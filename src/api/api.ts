// Our API: the generated endpoints (injected into the empty base API) with the tag types every feature's cache
// rules use. Each feature enhances the generated endpoints it owns, and injects its own paged ones, in its own
// endpoints file; components import hooks from that file, so its cache rules are in place before any hook runs.
import { generatedApi } from '@/api/generated/api'
import { TAG_TYPES } from '@/api/tags'

export const api = generatedApi.enhanceEndpoints({ addTagTypes: TAG_TYPES })

/** The store as the API's selectors and thunks see it. */
export type ApiRootState = Parameters<typeof api.util.selectCachedArgsForQuery>[0]

/** How long unused course/module data stays cached: back-and-forth navigation refetches nothing. */
export const COURSE_CACHE_SECONDS = 300

/**
 * How every paged list of the API pages: the first page without a cursor, each next one with the cursor the page
 * before answered, none after a page whose nextCursor is null.
 */
export const CURSOR_PAGES = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { nextCursor: string | null }) => lastPage.nextCursor,
}
