import { useLocation, useNavigate, useParams } from 'react-router-dom'
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
import { RecentGames } from './RecentGames'
import './player.css'

export default function PlayerPage() {
  const { username = '' } = useParams()
  const navigate = useNavigate()
  const location = useLocation()
  // Opened directly (no earlier page in this app): Back leads home rather than off the site.
  const goBack = () => (location.key === 'default' ? navigate('/home') : navigate(-1))
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const user = useAppSelector(selectCurrentUser)
  const { data: player, isLoading, isError } = useGetPlayerQuery(username, { skip: !username })

  return (
    <div className="page player-page stack">
      <div>
        <button type="button" className="btn btn--ghost" onClick={() => void goBack()}>
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
          <RecentGames key={`games-${player.username}`} username={player.username} />
          <PlayerFollowers username={player.username} />
          <PlayerComments key={player.username} username={player.username} />
          {loggedIn && <CommentForm username={player.username} />}
        </>
      )}
    </div>
  )
}
