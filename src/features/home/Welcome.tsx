import { useGetUserRankQuery } from '@/features/home/homeEndpoints'
import { useAppSelector } from '@/app/hooks'
import { selectCurrentUser, selectIsLoggedIn } from '@/features/auth/authSlice'
import { GUEST_NAME, PRODUCT_NAME } from './homeContent'

/** Greeting and, when the server knows it, the user's registration rank. */
export function Welcome() {
  const user = useAppSelector(selectCurrentUser)
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const { data: rank } = useGetUserRankQuery({ userId: user?._id ?? '' }, { skip: !loggedIn || !user })
  const name = loggedIn && user ? user.username : GUEST_NAME

  return (
    <header className="home__welcome">
      <h1>
        Hello {name}, Welcome to {PRODUCT_NAME}
      </h1>
      {loggedIn && rank && (
        <p className="home__rank">You are the No.{rank.rank} registered user on this platform.</p>
      )}
    </header>
  )
}
