import {
  useFollowPlayerMutation,
  useGetPlayerFollowersQuery,
  useUnfollowPlayerMutation,
} from '@/api/enhancedApi'

/** Follow when the user does not follow the player yet, Unfollow when they do. */
export function FollowButton({ username, userId }: { username: string; userId: string }) {
  const { data: followers } = useGetPlayerFollowersQuery({ username })
  const [followPlayer, follow] = useFollowPlayerMutation()
  const [unfollowPlayer, unfollow] = useUnfollowPlayerMutation()
  const following = followers?.some((f) => f.user._id === userId) ?? false
  const busy = follow.isLoading || unfollow.isLoading || !followers

  async function toggle() {
    try {
      if (following) await unfollowPlayer({ username }).unwrap()
      else await followPlayer({ followInput: { chessPlayerUsername: username } }).unwrap()
    } catch (error) {
      console.error(following ? 'Could not unfollow' : 'Could not follow', error)
    }
  }

  return (
    <button
      type="button"
      className={following ? 'btn' : 'btn btn--primary'}
      aria-pressed={following}
      disabled={busy}
      onClick={toggle}
    >
      {following ? 'Unfollow' : 'Follow'}
    </button>
  )
}
