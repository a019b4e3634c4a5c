import { useState } from 'react'
import {
  useFollowPlayerMutation,
  useGetPlayerFollowersQuery,
  useUnfollowPlayerMutation,
} from '@/features/player/playerEndpoints'
import { ErrorMessage } from '@/components/ErrorMessage'
import { readableProblem, TRY_AGAIN_TEXT } from '@/api/problemText'

/**
 * Follow when the user does not follow the player yet, Unfollow when they do. While the followers cannot be
 * read the button is not shown (it could only guess); the followers list says so and offers a retry.
 */
export function FollowButton({ username, userId }: { username: string; userId: string }) {
  // Only this user's follow record (a page of none or one), not the whole list.
  const { data, isError } = useGetPlayerFollowersQuery({ username, userId })
  const followers = Array.isArray(data) ? data : data?.items
  const [failure, setFailure] = useState<string | null>(null)
  const [followPlayer, follow] = useFollowPlayerMutation()
  const [unfollowPlayer, unfollow] = useUnfollowPlayerMutation()
  const following = followers?.some((f) => f.user._id === userId) ?? false
  const busy = follow.isLoading || unfollow.isLoading || !followers

  async function toggle() {
    setFailure(null)
    try {
      if (following) await unfollowPlayer({ username }).unwrap()
      else await followPlayer({ followInput: { chessPlayerUsername: username } }).unwrap()
    } catch (error) {
      // The button keeps its state and says why; also logged with every failed call (app/listeners.ts).
      const { text } = readableProblem(error)
      const failed = `${following ? 'Unfollowing' : 'Following'} failed`
      setFailure(text === TRY_AGAIN_TEXT ? `${failed}. Please try again.` : `${failed}: ${text}`)
    }
  }

  if (isError && !followers) return null
  return (
    <>
      <button
        type="button"
        className={following ? 'btn' : 'btn btn--primary'}
        aria-pressed={following}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {following ? 'Unfollow' : 'Follow'}
      </button>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
    </>
  )
}
