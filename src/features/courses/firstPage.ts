import type { CoursePage } from '@/api/generated/api'
import { courseApi, catalogueArg } from '@/features/courses/courseEndpoints'
import { catalogueViewOf, FIRST_PAGE_ELEMENT_ID } from '@domain/catalogue'
import { shellPageOf } from '@/app/shell/shellPages'

/** What /courses brings in its HTML (server/web/coursesPage.ts): a view of the catalogue and its first page. */
interface FirstPage {
  q: string
  sort: string
  page: CoursePage
}

function isFirstPage(value: unknown): value is FirstPage {
  const v = value as FirstPage | null
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.q === 'string' &&
    typeof v.sort === 'string' &&
    Array.isArray(v.page?.items) &&
    (v.page.nextCursor === null || typeof v.page.nextCursor === 'string')
  )
}

/**
 * The first page of the catalogue that /courses carries in its HTML, as the action that puts it into the cache under
 * the view the address shows: the page then draws the cards the HTML already shows instead of asking for them again
 * (src/main.tsx dispatches it before the app replaces the shell). The element is read once and removed; a page for
 * another view (the address changed since) or nothing readable gives no action.
 */
export function firstPageAction(
  doc: Document = document,
  at: Pick<Location, 'pathname' | 'search'> = location,
) {
  const element = doc.getElementById(FIRST_PAGE_ELEMENT_ID)
  if (!element) return undefined
  element.remove()
  let first: unknown
  try {
    first = JSON.parse(element.textContent ?? '')
  } catch {
    return undefined
  }
  // Only the address the server fills the page for (src/app/shell/shellPages.ts).
  if (!isFirstPage(first) || shellPageOf(at.pathname)?.path !== '/courses') return undefined
  const params = new URLSearchParams(at.search)
  const view = catalogueViewOf((name) => params.get(name))
  if (view.q !== first.q || view.sort !== first.sort) return undefined
  return courseApi.util.upsertQueryData('getCoursePages', catalogueArg(view.q, view.sort), {
    pages: [first.page],
    pageParams: [null],
  })
}
