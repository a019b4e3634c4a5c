import type { Role } from '@/api/generated/api'
import { useGetUsersQuery, useUpdateUserRoleMutation } from '@/api/enhancedApi'
import { Spinner } from '@/components/Spinner'

const ROLES: Role[] = ['student', 'instructor', 'admin']

export default function AdminPage() {
  const { data: users = [], isLoading } = useGetUsersQuery()
  const [updateRole, { isLoading: saving }] = useUpdateUserRoleMutation()

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
                      onChange={(e) =>
                        void updateRole({ id: u._id, roleChange: { newRole: e.target.value as Role } })
                          .unwrap()
                          .catch((error: unknown) => console.error('Changing the role failed', error))
                      }
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
