import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'

/** Username search on chess.com's data: Search opens /player/{username}. */
export function PlayerSearch() {
  const navigate = useNavigate()
  const [username, setUsername] = useState('')
  const inputId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    const wanted = username.trim()
    if (wanted) void navigate(`/player/${encodeURIComponent(wanted)}`)
  }

  return (
    <form className="search-form" role="search" aria-label="Search players by username" onSubmit={submit}>
      <label htmlFor={inputId}>Username</label>
      <div className="row">
        <input
          id={inputId}
          type="search"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          placeholder="Enter a chess.com username"
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </div>
    </form>
  )
}
