// /courses with its first page in the HTML: the prerendered shell (dist/courses.html, from src/app/shell/Shell.tsx)
// gets the course cards the visitor's view begins with, where the shell shows its loading state, and the same page
// as JSON, which the SPA puts into its cache before it replaces the shell (src/main.tsx): the largest paint, a card,
// no longer waits for the scripts and a request of theirs. The cards are drawn by the SPA's own component
// (./courseCards.ts), once per kept page: a page of the catalogue is kept until the courses change
// (server/services/catalogue/courseListCache.ts), and its cards' HTML with it.
import type { Db } from '../db/db'
import {
  CATALOGUE_PAGE_SIZE,
  catalogueViewOf,
  FIRST_PAGE_ELEMENT_ID,
  type CatalogueSort,
} from '../../domain/catalogue'
import { catalogue, type CoursePage } from '../services/catalogue/catalogue'
import { reservedCardsHtml } from './courseCards'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
}

/** Text or an attribute's value in HTML, escaped as React escapes it. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c])

/** JSON inside a script element: nothing in it may end the element or open a comment, nor end a line in JS. */
export const jsonInHtml = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

/** The cards' HTML of each kept page: made once per page, which is kept until the courses change. */
const cardsOfPage = new WeakMap<CoursePage, string>()

function cardsHtml(page: CoursePage): string {
  let html = cardsOfPage.get(page)
  if (html === undefined) {
    html = reservedCardsHtml(page.items)
    cardsOfPage.set(page, html)
  }
  return html
}

/** What CoursesPage shows under its controls for a page: the cards (or that there are none) and 'Load more courses'. */
export function catalogueListHtml(q: string, page: CoursePage): string {
  const list = page.items.length
    ? `<div class="grid">${cardsHtml(page)}</div>`
    : `<p class="muted">${escapeHtml(q ? `No courses match "${q}".` : 'No courses yet.')}</p>`
  const more = page.nextCursor
    ? '<div class="row"><button type="button" class="btn">Load more courses</button></div>'
    : ''
  return list + more
}

/** The shell's loading state in the catalogue's place (src/components/Spinner.tsx as the shell renders it). */
const SHELL_LOADING = /<div class="spinner" role="status"[^>]*>[\s\S]*?<\/div>/
const SHELL_SEARCH = ' name="q" value=""'
const option = (sort: CatalogueSort, selected: boolean) =>
  `<option value="${sort}"${selected ? ' selected=""' : ''}>`

/** The view the first page belongs to, and the page, as the SPA reads them from the HTML (src/main.tsx). */
export interface FirstPage {
  q: string
  sort: CatalogueSort
  page: CoursePage
}

/**
 * The shell of /courses (`template`) showing `first`: its search in the box, its order chosen, its cards, and the
 * page as JSON at the end of the body. Undefined when the shell is not the one this was written for (then the
 * shell is sent as it is).
 */
export function coursesPageHtml(template: string, first: FirstPage): string | undefined {
  const { q, sort, page } = first
  if (!SHELL_LOADING.test(template) || !template.includes(SHELL_SEARCH) || !template.includes('</body>'))
    return undefined
  let html = template.replace(SHELL_LOADING, () => catalogueListHtml(q, page))
  if (q) html = html.replace(SHELL_SEARCH, () => ` name="q" value="${escapeHtml(q)}"`)
  if (sort !== 'newest') {
    if (!html.includes(option('newest', true)) || !html.includes(option(sort, false))) return undefined
    html = html
      .replace(option('newest', true), option('newest', false))
      .replace(option(sort, false), option(sort, true))
  }
  const data = `<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">${jsonInHtml(first)}</script>`
  return html.replace('</body>', () => `${data}</body>`)
}

/** The HTML of /courses for the address's search and order (`get` reads its query parameters). */
export async function coursesPage(
  db: Db,
  template: string,
  get: (name: string) => string | null,
): Promise<string | undefined> {
  const { q, sort } = catalogueViewOf(get)
  const page = await catalogue(db, { q: q || undefined, sort, limit: CATALOGUE_PAGE_SIZE })
  return coursesPageHtml(template, { q, sort, page })
}
