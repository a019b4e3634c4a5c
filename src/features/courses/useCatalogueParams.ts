import { useSearchParams } from 'react-router-dom'
import type { CourseSort } from '@/api/generated/api'
import { catalogueViewOf, SEARCH_MAX_LENGTH } from '@domain/catalogue'

export { SEARCH_MAX_LENGTH }

/** The orders of /courses, as the sort choice names them. */
export const SORT_CHOICES: { value: CourseSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'title', label: 'Title' },
  { value: 'price', label: 'Price: lowest first' },
]

/**
 * The search and sort of /courses, kept in the address (`?q=sicilian&sort=price`): each change is a new
 * history entry, so Back returns to the previous search and a link shares it. The defaults stay out of the URL.
 */
export function useCatalogueParams() {
  const [params, setParams] = useSearchParams()
  const { q, sort } = catalogueViewOf((name) => params.get(name))

  function change(next: { q?: string; sort?: CourseSort }) {
    const search = new URLSearchParams()
    const nextQ = (next.q ?? q).trim()
    const nextSort = next.sort ?? sort
    if (nextQ) search.set('q', nextQ)
    if (nextSort !== 'newest') search.set('sort', nextSort)
    setParams(search)
  }

  return { q, sort, change }
}
