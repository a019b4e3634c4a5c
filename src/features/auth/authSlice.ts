import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Role } from '@/api/generated/api'

export type SessionUser = { _id: string; role: Role; username: string }

export type AuthState = {
  /** Bearer token of the logged-in user, null when logged out. */
  token: string | null
  user: SessionUser | null
}

const initialState: AuthState = { token: null, user: null }

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loggedIn: (_state, action: PayloadAction<{ token: string; user: SessionUser }>) => ({
      token: action.payload.token,
      user: {
        _id: action.payload.user._id,
        role: action.payload.user.role,
        username: action.payload.user.username,
      },
    }),
    loggedOut: () => ({ token: null, user: null }),
    /** The logged-in user's own role was changed (by themselves, on /admin). */
    ownRoleChanged: (state, action: PayloadAction<Role>) => {
      if (state.user) state.user.role = action.payload
    },
    /** The server's current view of the logged-in user (GET /api/profile/me): role or username changed. */
    sessionUserRefreshed: (state, action: PayloadAction<SessionUser>) => {
      const { _id, role, username } = action.payload
      if (!state.user || state.user._id !== _id) return
      state.user.role = role
      state.user.username = username
    },
  },
})

export const { loggedIn, loggedOut, ownRoleChanged, sessionUserRefreshed } = authSlice.actions

type WithAuth = { auth: AuthState }
export const selectCurrentUser = (state: WithAuth) => state.auth.user
export const selectToken = (state: WithAuth) => state.auth.token
export const selectIsLoggedIn = (state: WithAuth) => Boolean(state.auth.token && state.auth.user)
export const selectRole = (state: WithAuth) => state.auth.user?.role ?? null
