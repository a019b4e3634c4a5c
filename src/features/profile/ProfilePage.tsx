import { useParams } from 'react-router-dom'
import { useGetMyProfileQuery, useGetProfileQuery } from '@/api/enhancedApi'
import { useAppSelector } from '@/app/hooks'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Spinner } from '@/components/Spinner'
import { selectCurrentUser, selectToken } from '@/features/auth/authSlice'
import { ChangePasswordForm } from '@/features/profile/ChangePasswordForm'
import { errorMessage } from '@/features/profile/errorMessage'
import { LogoutEverywhere } from '@/features/profile/LogoutEverywhere'
import { ProfileView, type ProfileData } from '@/features/profile/ProfileView'

type Query = {
  data?: ProfileData
  isLoading: boolean
  error?: Parameters<typeof errorMessage>[0]
}

function ProfileResult({ query, isOwner }: { query: Query; isOwner: boolean }) {
  if (query.isLoading) return <Spinner />
  if (query.error)
    return <ErrorMessage>{`Error fetching profile: ${errorMessage(query.error)}`}</ErrorMessage>
  return query.data ? <ProfileView profile={query.data} isOwner={isOwner} /> : null
}

function OwnProfile() {
  return (
    <>
      <ProfileResult query={useGetMyProfileQuery()} isOwner />
      <ChangePasswordForm />
      <LogoutEverywhere />
    </>
  )
}

function OtherProfile({ id }: { id: string }) {
  return <ProfileResult query={useGetProfileQuery({ id })} isOwner={false} />
}

/** /profile is one's own profile; /profile/{id} is one's own when the id is the logged-in user's. */
export default function ProfilePage() {
  const { id } = useParams()
  const token = useAppSelector(selectToken)
  const user = useAppSelector(selectCurrentUser)
  const own = !id || (Boolean(token) && id === user?._id)
  return (
    <section className="page page--narrow">
      {own && !token ? (
        <ErrorMessage>No authentication token found</ErrorMessage>
      ) : own ? (
        <OwnProfile />
      ) : (
        <OtherProfile id={id} />
      )}
    </section>
  )
}
