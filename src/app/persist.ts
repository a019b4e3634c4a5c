// redux-persist storage that mirrors the auth slice into the localStorage keys the spec names
// (token, user, userId, username, userRole), so sessions written by an older client restore too.
import type { Storage } from 'redux-persist'
import type { Role } from '@/api/generated/api'
import type { AuthState, SessionUser } from '@/features/auth/authSlice'

export const AUTH_STORAGE_KEYS = ['token', 'user', 'userId', 'username', 'userRole'] as const

const ROLES: readonly Role[] = ['student', 'instructor', 'admin']

function local(): globalThis.Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** Reads the session from the five keys; null when there is none or it is unusable. */
export function readStoredSession(): AuthState | null {
  const ls = local()
  const token = ls?.getItem('token')
  if (!ls || !token) return null
  let parsed: Partial<SessionUser> = {}
  try {
    parsed = JSON.parse(ls.getItem('user') ?? '{}') ?? {}
  } catch {
    parsed = {}
  }
  const user = {
    _id: parsed._id ?? ls.getItem('userId') ?? '',
    username: parsed.username ?? ls.getItem('username') ?? '',
    role: (parsed.role ?? ls.getItem('userRole')) as Role,
  }
  if (!user._id || !ROLES.includes(user.role)) return null
  return { token, user }
}

export function writeStoredSession(auth: Pick<AuthState, 'token' | 'user'>): void {
  const ls = local()
  if (!ls) return
  if (!auth.token || !auth.user) {
    for (const key of AUTH_STORAGE_KEYS) ls.removeItem(key)
    return
  }
  const { _id, role, username } = auth.user
  ls.setItem('token', auth.token)
  ls.setItem('user', JSON.stringify({ _id, role, username }))
  ls.setItem('userId', _id)
  ls.setItem('username', username)
  ls.setItem('userRole', role)
}

type PersistedAuth = Partial<AuthState> & { _persist?: unknown }

/** Used with serialize/deserialize off: redux-persist hands over and expects plain objects. */
export const authStorage: Storage = {
  getItem: async () => readStoredSession() ?? undefined,
  setItem: async (_key: string, value: PersistedAuth) => {
    writeStoredSession({ token: value.token ?? null, user: value.user ?? null })
  },
  removeItem: async () => writeStoredSession({ token: null, user: null }),
}
