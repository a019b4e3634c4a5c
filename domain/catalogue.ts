// What a visit to /courses shows, read from its address the same way by the SPA (useCatalogueParams) and by the
// server, which puts that view's first page into the page's HTML (server/web/coursesPage.ts).
// Pure TypeScript, as rules.ts: no DOM, no Node, no imports.

/** The catalogue's orders (the contract's `CourseSort`), the default first. */
export const COURSE_SORTS = ['newest', 'title', 'price'] as const
export type CatalogueSort = (typeof COURSE_SORTS)[number]

/** The contract's longest search. */
export const SEARCH_MAX_LENGTH = 100

/** Courses per page of the catalogue on /courses (what the SPA asks for, and the server prerenders). */
export const CATALOGUE_PAGE_SIZE = 20

const isSort = (value: string | null): value is CatalogueSort =>
  (COURSE_SORTS as readonly (string | null)[]).includes(value)

/**
 * The search and order an address of /courses shows (`?q=sicilian&sort=price`): the search trimmed and cut to the
 * contract's length, an order the catalogue does not have read as the default. `get` reads one query parameter.
 */
export function catalogueViewOf(get: (name: string) => string | null): { q: string; sort: CatalogueSort } {
  const q = (get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH)
  const sort = get('sort')
  return { q, sort: isSort(sort) ? sort : 'newest' }
}

/** The id of the script element (JSON) that carries the first page of /courses in its HTML. */
export const FIRST_PAGE_ELEMENT_ID = 'catalogue-first-page'
