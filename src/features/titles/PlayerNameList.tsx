import { memo, useMemo } from 'react'
import { Link } from 'react-router-dom'

const CHUNK_SIZE = 100

// Chunks are memoised and styled with content-visibility, so a ~1500-name GM list costs little to
// lay out and paint, while every name stays in the document (find-in-page and screen readers see all).
const NameChunk = memo(function NameChunk({ usernames }: { usernames: string[] }) {
  return (
    <ul className="name-list__chunk">
      {usernames.map((username) => (
        <li key={username}>
          <Link to={`/player/${encodeURIComponent(username)}`}>{username}</Link>
        </li>
      ))}
    </ul>
  )
})

export function PlayerNameList({ usernames }: { usernames: string[] }) {
  const chunks = useMemo(() => {
    const result: string[][] = []
    for (let i = 0; i < usernames.length; i += CHUNK_SIZE) result.push(usernames.slice(i, i + CHUNK_SIZE))
    return result
  }, [usernames])
  return (
    <div className="name-list">
      {chunks.map((chunk) => (
        <NameChunk key={chunk[0]} usernames={chunk} />
      ))}
    </div>
  )
}
