import { Link } from 'react-router-dom'
import { useGetPlayerFollowersQuery } from '@/api/enhancedApi'
import { Spinner } from '@/components/Spinner'

/** Users of this platform who follow the player, each linking to their profile. */
export function PlayerFollowers({ username }: { username: string }) {
  const { data: followers, isLoading, error } = useGetPlayerFollowersQuery({ username })
  if (error) console.error('Could not load followers', error)

  return (
    <section className="card" aria-labelledby="followers-heading">
      <h2 id="followers-heading">Followers</h2>
      {isLoading && <Spinner />}
      {followers && followers.length === 0 && <p className="muted">No followers yet.</p>}
      {followers && followers.length > 0 && (
        <ul className="chips">
          {followers.map((follower) => (
            <li key={follower._id}>
              <Link to={`/profile/${follower.user._id}`}>{follower.user.username}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
