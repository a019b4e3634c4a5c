import { useSearchParams } from 'react-router-dom'
import type { CourseSort } from '@/api/generated/api'

/** The orders of /courses, as the sort choice names them. */
export const SORT_CHOICES: { value: CourseSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'title', label: 'Title' },
  { value: 'price', label: 'Price: lowest first' },
]

/** The contract's longest search. */
export const SEARCH_MAX_LENGTH = 100

const isSort = (value: string | null): value is CourseSort => SORT_CHOICES.some((s) => s.value === value)

/**
 * The search and sort of /courses, kept in the address (`?q=sicilian&sort=price`): each change is a new
 * history entry, so Back returns to the previous search and a link shares it. The defaults stay out of the URL.
 */
export function useCatalogueParams() {
  const [params, setParams] = useSearchParams()
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH)
  const sortParam = params.get('sort')
  const sort: CourseSort = isSort(sortParam) ? sortParam : 'newest'

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
