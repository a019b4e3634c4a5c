import { Link } from 'react-router-dom'
import { useGetPlayerFollowersQuery } from '@/api/enhancedApi'
import { LoadError } from '@/components/LoadError'
import { Spinner } from '@/components/Spinner'

/** Users of this platform who follow the player, each linking to their profile. */
export function PlayerFollowers({ username }: { username: string }) {
  const { data: followers, isLoading, isError, refetch } = useGetPlayerFollowersQuery({ username })

  return (
    <section className="card" aria-labelledby="followers-heading">
      <h2 id="followers-heading">Followers</h2>
      {isLoading && <Spinner />}
      {isError && !followers && (
        <LoadError message="The followers could not be loaded." onRetry={() => void refetch()} />
      )}
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
