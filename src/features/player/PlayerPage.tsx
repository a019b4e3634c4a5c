import { useNavigate, useParams } from 'react-router-dom'
import { useGetPlayerQuery } from '@/api/chessDataApi'
import { useAppSelector } from '@/app/hooks'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Spinner } from '@/components/Spinner'
import { selectCurrentUser, selectIsLoggedIn } from '@/features/auth/authSlice'
import { CommentForm } from './CommentForm'
import { FollowButton } from './FollowButton'
import { PlayerCard } from './PlayerCard'
import { PlayerComments } from './PlayerComments'
import { PlayerFollowers } from './PlayerFollowers'
import './player.css'

export default function PlayerPage() {
  const { username = '' } = useParams()
  const navigate = useNavigate()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const user = useAppSelector(selectCurrentUser)
  const { data: player, isLoading, isError, error } = useGetPlayerQuery(username, { skip: !username })
  if (isError) console.error('Could not load the player', error)

  return (
    <div className="page player-page stack">
      <div>
        <button type="button" className="btn btn--ghost" onClick={() => navigate(-1)}>
          Back
        </button>
      </div>
      {isLoading && <Spinner />}
      {(isError || !username) && <ErrorMessage>Player not found or an error occurred.</ErrorMessage>}
      {player && (
        <>
          <PlayerCard player={player} />
          {loggedIn && user && (
            <div className="row">
              <FollowButton username={player.username} userId={user._id} />
            </div>
          )}
          <PlayerFollowers username={player.username} />
          <PlayerComments username={player.username} />
          {loggedIn && <CommentForm username={player.username} />}
        </>
      )}
    </div>
  )
}
