import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Role } from '@/api/generated/api'
import { useGetUserPagesInfiniteQuery, useUpdateUserRoleMutation } from '@/features/admin/adminEndpoints'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { LoadError } from '@/components/LoadError'
import { LoadMore } from '@/components/LoadMore'
import { Spinner } from '@/components/Spinner'
import { ownRoleChanged, selectCurrentUser } from '@/features/auth/authSlice'
import { SetPasswordForm } from '@/features/admin/SetPasswordForm'
import { ROLES } from '@domain/rules'
import { asSentence, isValidatorDetail, problemDetailOf } from '@/api/problemText'

// Its own chunk: the users' table shows first.
const OrdersPanel = lazy(() => import('@/features/admin/OrdersPanel'))
const Earnings = lazy(() => import('@/features/orders/Earnings'))

export const ROLE_UPDATED_TEXT = 'Role updated.'
export const ROLE_REFUSED_TEXT = 'The role could not be changed. Please try again.'

/** Why a role change was refused: the server's own sentence (the last admin), else the generic refusal. */
function roleRefusedText(error: unknown): string {
  const detail = problemDetailOf(error)
  return detail && !isValidatorDetail(detail) ? asSentence(detail) : ROLE_REFUSED_TEXT
}

/** What the last role change of a row answered. */
interface RowOutcome {
  id: string
  ok: boolean
  text: string
}

export default function AdminPage() {
  // Pages of USERS_PAGE_SIZE, oldest first: the next loads as the table's end scrolls near, or with the button.
  const userPages = useGetUserPagesInfiniteQuery()
  const { data, isLoading, isError, refetch } = userPages
  const users = data?.pages.flatMap((page) => page.items) ?? []
  const [outcome, setOutcome] = useState<RowOutcome | null>(null)
  const [updateRole, { isLoading: saving }] = useUpdateUserRoleMutation()
  const me = useAppSelector(selectCurrentUser)
  const dispatch = useAppDispatch()

  async function changeRole(id: string, newRole: Role) {
    setOutcome(null)
    try {
      await updateRole({ id, roleChange: { newRole } }).unwrap()
      // The stored role decides what the UI offers: keep it in step when admins change their own.
      if (id === me?._id) dispatch(ownRoleChanged(newRole))
      setOutcome({ id, ok: true, text: ROLE_UPDATED_TEXT })
    } catch (error) {
      // The selector shows the role the server has (it never changed); the row says why. Also logged with
      // every failed call (app/listeners.ts).
      setOutcome({ id, ok: false, text: roleRefusedText(error) })
    }
  }

  return (
    <section className="page">
      <h1>User Management</h1>
      {isLoading ? (
        <Spinner />
      ) : isError && !data ? (
        <LoadError message="The users could not be loaded." onRetry={() => void refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table table--stack">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col">Email</th>
                <th scope="col">Change role</th>
                <th scope="col">Password</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u._id}>
                  <td data-label="Username">{u.username}</td>
                  <td data-label="Role">{u.role}</td>
                  <td data-label="Email">{u.emailVerified ? 'Verified' : 'Not verified'}</td>
                  <td data-label="Change role">
                    <select
                      aria-label={`Role of ${u.username}`}
                      value={u.role}
                      disabled={saving}
                      onChange={(e) => void changeRole(u._id, e.target.value as Role)}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                    {outcome?.id === u._id && (
                      <small
                        className={outcome.ok ? 'muted' : 'error-message'}
                        role={outcome.ok ? 'status' : 'alert'}
                      >
                        {outcome.text}
                      </small>
                    )}
                  </td>
                  <td data-label="Password">
                    {u._id === me?._id ? (
                      // Setting it here would end this very session: the profile's form keeps it.
                      <Link to="/profile">Change yours on your profile</Link>
                    ) : (
                      <SetPasswordForm userId={u._id} username={u.username} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <LoadMore what="users" list={userPages} />
        </div>
      )}
      <Suspense fallback={<Spinner />}>
        <OrdersPanel />
        <Earnings everyone />
      </Suspense>
    </section>
  )
}
