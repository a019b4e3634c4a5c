// redux-persist storage. The auth slice is mirrored into the localStorage keys the spec names (token, user,
// userId, username, userRole), so sessions written by an older client restore too; any other persisted
// slice is kept as JSON under its own key (`persist:<key>`) and never touches those five.
import type { PersistConfig, Storage } from 'redux-persist'
import { ROLES, type Role } from '@domain/rules'
import type { AuthState, SessionUser } from '@/features/auth/authSlice'
import { initialGameState, PERSISTED_GAME_FIELDS, type GameState } from '@/features/game/gameSlice'

export const AUTH_STORAGE_KEYS = ['token', 'user', 'userId', 'username', 'userRole'] as const

/** redux-persist's default key prefix: a slice persisted under `key` is stored under `persist:<key>`. */
const KEY_PREFIX = 'persist:'
const AUTH_KEY = 'auth'

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value)

function local(): globalThis.Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** Reads the session from the five keys; null when there is none or it is unusable. */
function readStoredSession(): AuthState | null {
  const ls = local()
  const token = ls?.getItem('token')
  if (!ls || !token) return null
  const parsed = (readJson('user') ?? {}) as Partial<SessionUser>
  const _id = parsed._id ?? ls.getItem('userId') ?? ''
  const username = parsed.username ?? ls.getItem('username') ?? ''
  const role = parsed.role ?? ls.getItem('userRole')
  if (!_id || !isRole(role)) return null
  return { token, user: { _id, role, username } }
}

function writeStoredSession(auth: Pick<AuthState, 'token' | 'user'>): void {
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

function readJson(key: string): unknown {
  try {
    const raw = local()?.getItem(key)
    return raw ? JSON.parse(raw) : undefined
  } catch {
    return undefined // unreadable: start from the slice's initial state
  }
}

type PersistedAuth = Partial<AuthState> & { _persist?: unknown }

/**
 * The app's redux-persist storage, used with serialize/deserialize off: redux-persist hands over and
 * expects plain objects. Every call goes to the key it names.
 */
const appStorage: Storage = {
  getItem: async (key: string) =>
    key === KEY_PREFIX + AUTH_KEY ? (readStoredSession() ?? undefined) : readJson(key),
  setItem: async (key: string, value: unknown) => {
    if (key !== KEY_PREFIX + AUTH_KEY) return local()?.setItem(key, JSON.stringify(value))
    const auth = value as PersistedAuth
    writeStoredSession({ token: auth.token ?? null, user: auth.user ?? null })
  },
  removeItem: async (key: string) => {
    if (key === KEY_PREFIX + AUTH_KEY) writeStoredSession({ token: null, user: null })
    else local()?.removeItem(key)
  },
}

/** redux-persist 6 reads `deserialize` (false: hand over what the storage returns) but its types omit it. */
type PlainPersistConfig<S> = PersistConfig<S> & { serialize: false; deserialize: false }

/** The persist config of a slice kept in `appStorage` under `persist:<key>`. */
export function persistConfig<S>(key: string, whitelist?: (keyof S & string)[]): PlainPersistConfig<S> {
  return {
    key,
    version: 1,
    storage: appStorage,
    ...(whitelist ? { whitelist } : {}),
    serialize: false,
    deserialize: false,
  }
}

/** The session: only the token and the user, in the spec's five keys. */
export const authPersistConfig = persistConfig<AuthState>(AUTH_KEY, ['token', 'user'])

/**
 * The practice game under `persist:game`: its moves, position and the player's choices survive a
 * reload. A game nobody has touched (no move, the default choices) is not kept at all, so a visitor who never
 * plays leaves nothing behind and 'New game' with the default choices clears the key.
 */
export const gamePersistConfig: PlainPersistConfig<GameState> = {
  ...persistConfig<GameState>('game', [...PERSISTED_GAME_FIELDS]),
  storage: {
    ...appStorage,
    setItem: async (key: string, value: unknown) => {
      const game = value as Partial<GameState>
      const untouched = PERSISTED_GAME_FIELDS.every(
        (field) => JSON.stringify(game[field]) === JSON.stringify(initialGameState[field]),
      )
      if (untouched) await appStorage.removeItem(key)
      else await appStorage.setItem(key, value)
    },
  },
}
