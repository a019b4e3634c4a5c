import type { Role } from '@/api/generated/api'
import { useGetUsersQuery, useUpdateUserRoleMutation } from '@/api/enhancedApi'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { Spinner } from '@/components/Spinner'
import { useLogError } from '@/components/useLogError'
import { ownRoleChanged, selectCurrentUser } from '@/features/auth/authSlice'

const ROLES: Role[] = ['student', 'instructor', 'admin']

export default function AdminPage() {
  const { data: users = [], isLoading, error } = useGetUsersQuery()
  useLogError('Loading the users failed', error)
  const [updateRole, { isLoading: saving }] = useUpdateUserRoleMutation()
  const me = useAppSelector(selectCurrentUser)
  const dispatch = useAppDispatch()

  async function changeRole(id: string, newRole: Role) {
    try {
      await updateRole({ id, roleChange: { newRole } }).unwrap()
      // The stored role drives the UI (spec §6): keep it in step when admins change their own.
      if (id === me?._id) dispatch(ownRoleChanged(newRole))
    } catch (error) {
      console.error('Changing the role failed', error)
    }
  }

  return (
    <section className="page">
      <h1>User Management</h1>
      {isLoading ? (
        <Spinner />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col">Change role</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u._id}>
                  <td>{u.username}</td>
                  <td>{u.role}</td>
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
