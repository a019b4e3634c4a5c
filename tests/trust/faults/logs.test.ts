// The server's own log (pino, as production writes it) never carries a password, a token, a hash or a cookie.
import { readFileSync, rmSync } from 'node:fs'
import { afterAll, expect, it } from 'vitest'
import { fakeMp4, json, multipart } from '../support/http'
import { createUserCli, startServer, tempDir } from '../support/spawn'
import { uniq } from '../support/world'

const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

it('logs at trace level hold no password, token, password hash or XSRF cookie', async () => {
  const dataDir = tempDir('logs')
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const server = await startServer({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'trace',
    AUTH_RATE_LIMIT_MAX: '3',
  })
  cleanups.push(() => server.stop())
  const username = uniq('log')
  const password = `Secret-${uniq('pw')}`
  const email = `${username}@trust.example`
  expect(
    (
      await server.send({
        method: 'POST',
        url: '/api/auth/register',
        ...json({ username, email, password, phoneNumber: '+1 555' }),
      })
    ).status,
  ).toBe(201)
  const login = await server.send({ method: 'POST', url: '/api/auth/login', ...json({ email, password }) })
  expect(login.status).toBe(200)
  const token = login.body.token as string
  // a wrong password, a password that fails validation, a rate-limited attempt, a refused XSRF echo, a 5xx-prone body
  await server.send({
    method: 'POST',
    url: '/api/auth/login',
    ...json({ email, password: `${password}-wrong` }),
  })
  await server.send({
    method: 'POST',
    url: '/api/auth/register',
    ...json({ username: `${username}x`, email: `x${email}`, password: password.slice(0, 5) }),
  })
  await server.send({
    method: 'POST',
    url: '/api/auth/login',
    ...json({ email, password: `${password}-again` }),
  })
  const cookie = 'XSRF-TOKEN=cookie-value-that-must-not-be-logged'
  await server.send({
    method: 'PUT',
    url: '/api/profile/me',
    token,
    payload: JSON.stringify({ bio: 'b', phoneNumber: '' }),
    headers: { 'content-type': 'application/json', cookie },
  })
  await server.send({ method: 'GET', url: '/api/profile/me', token })
  await server.send({ method: 'POST', url: '/api/videos', token, ...multipart({ courseId: 'x' }) })
  await server.send({ method: 'GET', url: `/api/courses/${'%'}` })
  // The kept course list: its answers leave from the cache straight to the socket (a hijacked reply), logged all the same.
  for (let i = 0; i < 3; i++)
    expect(
      (await server.send({ method: 'GET', url: '/api/courses', token, headers: { cookie } })).status,
    ).toBe(200)
  await server.stop()
  const log = readFileSync(server.logFile, 'utf8')
  expect(log.length).toBeGreaterThan(1000)
  expect(log).toContain('"reqId"')
  // One line per request as it ends: what was asked, the answer's status and how long it took.
  const lines = log
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>)
  const completed = lines.filter((l) => l.msg === 'request completed' && l.req?.url === '/api/profile/me')
  expect(completed.map((l) => [l.req.method, l.res?.statusCode, typeof l.responseTime])).toEqual([
    ['PUT', 403, 'number'],
    ['GET', 200, 'number'],
  ])
  const listed = lines.filter((l) => l.msg === 'request completed' && l.req?.url === '/api/courses')
  expect(listed.map((l) => [l.req.method, l.res?.statusCode, typeof l.responseTime])).toEqual(
    Array.from({ length: 3 }, () => ['GET', 200, 'number']),
  )
  // each request its own id
  expect(new Set(listed.map((l) => l.reqId)).size).toBe(3)
  const [, payload, signature] = token.split('.')
  for (const secret of [
    password,
    password.slice(0, 5) + '"',
    token,
    payload,
    signature,
    'cookie-value-that-must-not-be-logged',
    'scrypt$',
  ])
    expect(log.includes(secret), `log contains ${secret.slice(0, 20)}`).toBe(false)
})

it('logs at trace level hold no signature of a signed media URL, streamed or mistyped', async () => {
  const dataDir = tempDir('logs-media')
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const username = uniq('teach')
  const email = `${username}@trust.example`
  const password = `Teach-${uniq('pw')}`
  createUserCli({ DATA_DIR: dataDir }, { username, email, password, role: 'instructor' })
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'trace' })
  cleanups.push(() => server.stop())
  const login = await server.send({ method: 'POST', url: '/api/auth/login', ...json({ email, password }) })
  expect(login.status).toBe(200)
  const token = login.body.token as string
  const course = await server.send({
    method: 'POST',
    url: '/api/courses',
    token,
    ...json({ title: 'Logs', description: 'Media in logs', price: 0 }),
  })
  expect(course.status).toBe(201)
  const file = { name: 'file', filename: 'v.mp4', type: 'video/mp4', data: fakeMp4() }
  const video = await server.send({
    method: 'POST',
    url: '/api/videos',
    token,
    ...multipart({ courseId: course.body._id }, file),
  })
  expect(video.status).toBe(201)
  const filePath = video.body.filePath as string
  const sig = new URL(filePath, server.base).searchParams.get('sig')!
  expect(sig).toHaveLength(43)
  expect((await server.send({ method: 'GET', url: filePath })).status).toBe(200)
  expect((await server.send({ method: 'GET', url: filePath, headers: { range: 'bytes=0-99' } })).status).toBe(
    206,
  )
  // the same signature on a path no route serves (404) and with an encoded parameter name
  expect((await server.send({ method: 'GET', url: filePath.replace('?', '/extra?') })).status).toBe(404)
  expect((await server.send({ method: 'GET', url: filePath.replace('&sig=', '&s%69g=') })).status).toBe(200)
  await server.stop()
  const log = readFileSync(server.logFile, 'utf8')
  expect(log).toContain('/api/media/')
  expect(log).toContain('[redacted]')
  expect(log.includes(sig), 'the log holds the media signature').toBe(false)
})
