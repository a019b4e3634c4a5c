import { describe, expect, it } from 'vitest'
import { expectContract } from '../../helpers/contract'
import { useTestServer } from '../../helpers/buildServer'

const server = useTestServer()

describe('GET /api/health', () => {
  it('reports the server and which database it runs on', async () => {
    const res = await server.current.app.inject({ method: 'GET', url: '/api/health' })
    const body = expectContract('getHealth', res)
    expect(res.statusCode).toBe(200)
    expect(body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' })
  })
})
