import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { tokenService, ttlSeconds } from '../../server/plugins/auth'

const userId = '00000000-0000-4000-8000-000000000001'
const sessionId = '00000000-0000-4000-8000-000000000002'

describe('tokenService', () => {
  it('reads JWT_TTL durations in seconds', () => {
    expect(ttlSeconds('7d')).toBe(604800)
    expect(ttlSeconds('12h')).toBe(43200)
    expect(ttlSeconds('3600')).toBe(3600)
    expect(() => ttlSeconds('soon')).toThrow()
  })

  it('signs a token that lives exactly JWT_TTL from the moment its expiry was reckoned, however long signing took', async () => {
    const tokens = tokenService('a-secret-of-at-least-thirty-two-chars!', '7d')
    // Reckoned 3 s ago, as when the session row took long to write.
    const exp = Math.floor(Date.now() / 1000) - 3 + tokens.ttl
    const token = await tokens.sign({ userId, sessionId }, exp)
    const claims = decodeJwt(token)
    expect(claims.exp).toBe(exp)
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600)
    expect(await tokens.verify(token)).toEqual({ userId, sessionId })
  })
})
