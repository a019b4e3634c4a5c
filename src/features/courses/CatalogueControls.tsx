import { useEffect, useState } from 'react'
import type { CourseSort } from '@/api/generated/api'
import { SEARCH_MAX_LENGTH, SORT_CHOICES } from '@/features/courses/useCatalogueParams'

type Props = {
  q: string
  sort: CourseSort
  onChange: (next: { q?: string; sort?: CourseSort }) => void
}

/** The catalogue's search box and sort choice; the page keeps both in its address. */
export function CatalogueControls({ q, sort, onChange }: Props) {
  const [text, setText] = useState(q)
  // Back and forward change the address: the box shows the search the list is for.
  useEffect(() => setText(q), [q])

  return (
    <div className="row">
      <form
        role="search"
        aria-label="Courses"
        className="row"
        onSubmit={(e) => {
          e.preventDefault()
          onChange({ q: text })
        }}
      >
        <label className="field">
          <span>Search courses</span>
          <input
            type="search"
            name="q"
            value={text}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Title, topic or instructor"
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      <label className="field">
        <span>Sort by</span>
        <select value={sort} onChange={(e) => onChange({ sort: e.target.value as CourseSort })}>
          {SORT_CHOICES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
