import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { CHESS_TITLES } from '@/api/chessDataApi'

/** Title search: Search opens /title/{title} once a title is chosen; without a choice nothing happens. */
export function TitleSearch({ initialTitle = '' }: { initialTitle?: string }) {
  const navigate = useNavigate()
  const [title, setTitle] = useState(initialTitle)
  const selectId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (title) void navigate(`/title/${title}`)
  }

  return (
    <form className="search-form" role="search" aria-label="Search players by title" onSubmit={submit}>
      <label htmlFor={selectId}>Title</label>
      <div className="row">
        <select id={selectId} value={title} onChange={(e) => setTitle(e.target.value)}>
          <option value="">Select a title</option>
          {CHESS_TITLES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </div>
    </form>
  )
}
