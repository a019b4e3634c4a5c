import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import { loggedIn, loggedOut } from '@/features/auth/authSlice'
import { LOGIN_PROMPTS_KEY } from '@/features/auth/LoginRequiredModal'

describe('the Login Required prompts after a logout', () => {
  it('are shown again to the next visitor: a logout forgets which pages already prompted', () => {
    const store = makeStore()
    sessionStorage.setItem(LOGIN_PROMPTS_KEY, JSON.stringify(['/courses', '/cart']))
    store.dispatch(loggedIn({ token: 't', user: { _id: 'u1', role: 'student', username: 'ann' } }))
    expect(sessionStorage.getItem(LOGIN_PROMPTS_KEY)).not.toBeNull()
    store.dispatch(loggedOut())
    expect(sessionStorage.getItem(LOGIN_PROMPTS_KEY)).toBeNull()
  })
})
