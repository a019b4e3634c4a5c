import { lazy, Suspense, useEffect } from 'react'
import { useParams } from 'react-router-dom'
import { useGetMyProfileQuery, useGetProfileQuery } from '@/features/profile/profileEndpoints'
import { useAppSelector } from '@/app/hooks'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Spinner } from '@/components/Spinner'
import { selectCurrentUser, selectToken } from '@/features/auth/authSlice'
import { LoginLink, LoginRequiredModal } from '@/features/auth/LoginRequiredModal'
import { EmailSettings } from '@/features/profile/EmailSettings'
import { ChangePasswordForm } from '@/features/profile/ChangePasswordForm'
import { fetchFailureText, NO_TOKEN_TEXT } from '@/features/profile/errorMessage'
import { LogoutEverywhere } from '@/features/profile/LogoutEverywhere'
import { ProfileView, type ProfileData } from '@/features/profile/ProfileView'

// The kept practice games load with their own chunk, after the profile.
const MyGames = lazy(() => import('@/features/game/MyGames'))

type Query = { data?: ProfileData; isLoading: boolean; error?: unknown }

function ProfileResult({ query, isOwner }: { query: Query; isOwner: boolean }) {
  if (query.isLoading) return <Spinner />
  if (query.error) return <ErrorMessage>{fetchFailureText(query.error)}</ErrorMessage>
  return query.data ? <ProfileView profile={query.data} isOwner={isOwner} /> : null
}

// The caller's certificates ('View certificate', 'Keep my certificates private'), with their own chunk.
const MyCertificates = lazy(() => import('@/features/certificates/MyCertificates'))

// Loaded with the profile of a student (orders) or an instructor (earnings) only.
const MyOrders = lazy(() => import('@/features/orders/MyOrders'))
const Earnings = lazy(() => import('@/features/orders/Earnings'))

function OwnProfile() {
  const role = useAppSelector(selectCurrentUser)?.role
  return (
    <>
      <ProfileResult query={useGetMyProfileQuery()} isOwner />
      <Suspense fallback={<Spinner />}>
        <MyGames />
      </Suspense>
      {role === 'student' && (
        <Suspense fallback={<Spinner />}>
          <MyCertificates />
        </Suspense>
      )}
      <EmailSettings />
      {role === 'student' && (
        <Suspense fallback={<Spinner />}>
          <MyOrders />
        </Suspense>
      )}
      {role === 'instructor' && (
        <Suspense fallback={<Spinner />}>
          <Earnings />
        </Suspense>
      )}
      <ChangePasswordForm />
      <LogoutEverywhere />
    </>
  )
}

function OtherProfile({ id }: { id: string }) {
  return <ProfileResult query={useGetProfileQuery({ id })} isOwner={false} />
}

/** One's own profile without a session: the spec's text in the console and in the login modal. */
function SignedOut() {
  useEffect(() => console.error(NO_TOKEN_TEXT), [])
  return (
    <>
      <LoginRequiredModal
        message={NO_TOKEN_TEXT}
        hint="Please log in or register to see your profile."
        oncePerVisit={false}
      />
      <p className="muted">
        <LoginLink>Log in to see your profile</LoginLink>
      </p>
    </>
  )
}

/** /profile is one's own profile; /profile/{id} is one's own when the id is the logged-in user's. */
export default function ProfilePage() {
  const { id } = useParams()
  const token = useAppSelector(selectToken)
  const user = useAppSelector(selectCurrentUser)
  const own = !id || (Boolean(token) && id === user?._id)
  return (
    <section className="page page--narrow">
      {own && !token ? <SignedOut /> : own ? <OwnProfile /> : <OtherProfile id={id} />}
    </section>
  )
}
