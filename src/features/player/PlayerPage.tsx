import { useLocation, useNavigate, useParams } from 'react-router-dom'
import { useGetPlayerQuery } from '@/api/chessDataApi'
import { useAppSelector } from '@/app/hooks'
import { ErrorMessage } from '@/components/ErrorMessage'
import { LoadError } from '@/components/LoadError'
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
  const { data: player, isLoading, error, refetch } = useGetPlayerQuery(username, { skip: !username })
  // chess.com answered that it has no such player; any other failure (unreachable, 5xx, 429) is chess.com's
  // trouble, and our own follows and comments of the name are still shown, with Retry for chess.com's part.
  const notFound =
    !username || (!!error && 'status' in error && (error.status === 404 || error.status === 410))
  const unreachable = !!error && !notFound
  // chess.com names are case-insensitive and its answers lowercase; our records compare them the same way
  const name = player?.username ?? username.toLowerCase()

  return (
    <div className="page player-page stack">
      <div>
        <button type="button" className="btn btn--ghost" onClick={() => void goBack()}>
          Back
        </button>
      </div>
      {isLoading && <Spinner />}
      {notFound && <ErrorMessage>Player not found or an error occurred.</ErrorMessage>}
      {unreachable && (
        <LoadError message="Player not found or an error occurred." onRetry={() => void refetch()} />
      )}
      {(player || unreachable) && (
        <>
          {player && <PlayerCard player={player} />}
          {loggedIn && user && (
            <div className="row">
              <FollowButton username={name} userId={user._id} />
            </div>
          )}
          {player && <RecentGames key={`games-${name}`} username={name} />}
          <PlayerFollowers username={name} />
          <PlayerComments key={name} username={name} />
          {loggedIn && <CommentForm username={name} />}
        </>
      )}
    </div>
  )
}
