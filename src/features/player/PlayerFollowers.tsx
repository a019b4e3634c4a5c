import { Link } from 'react-router-dom'
import { refreshFollowers, useGetFollowerPagesInfiniteQuery } from '@/features/player/playerEndpoints'
import { useAppDispatch } from '@/app/hooks'
import { LoadError } from '@/components/LoadError'
import { LoadMore } from '@/components/LoadMore'
import { Spinner } from '@/components/Spinner'

/** Users of this platform who follow the player, each linking to their profile. */
export function PlayerFollowers({ username }: { username: string }) {
  // Pages of FOLLOWERS_PAGE_SIZE, oldest first: the next loads as the list's end scrolls near, or with the button.
  const pages = useGetFollowerPagesInfiniteQuery({ username })
  const { data, isLoading, isError } = pages
  const followers = data?.pages.flatMap((page) => page.items)
  const dispatch = useAppDispatch()

  return (
    <section className="card" aria-labelledby="followers-heading">
      <h2 id="followers-heading">Followers</h2>
      {isLoading && <Spinner />}
      {isError && !followers && (
        <LoadError
          message="The followers could not be loaded."
          onRetry={() => dispatch(refreshFollowers(username))}
        />
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
      <LoadMore what="followers" list={pages} />
    </section>
  )
}
