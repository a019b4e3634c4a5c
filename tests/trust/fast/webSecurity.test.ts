// Web security: headers on every response, CORS closed, XSRF double-submit, cookie flags, dependency audit.
import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isProblem, json, type Req, type Res } from '../support/http'
import { startApp, type AppHarness } from '../support/harness'
import { root } from '../support/spawn'
import { buildWorld, createCourse, register, uniq, type World } from '../support/world'

let h: AppHarness
let w: World

beforeAll(async () => {
  h = await startApp()
  w = await buildWorld(h)
})
afterAll(async () => {
  await h?.close()
})

function directives(csp: string): Map<string, string[]> {
  const m = new Map<string, string[]>()
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) m.set(name.toLowerCase(), values)
  }
  return m
}

function headerProblems(res: Res): string[] {
  const out: string[] = []
  const csp = String(res.headers['content-security-policy'] ?? '')
  if (!csp) out.push('no Content-Security-Policy')
  else {
    const d = directives(csp)
    const scripts = d.get('script-src') ?? d.get('default-src') ?? []
    if (
      scripts.some((v) => ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'].includes(v))
    )
      out.push(`script-src allows ${scripts.join(' ')}`)
    if (!d.has('script-src') && !d.has('default-src')) out.push('no script-src/default-src')
    const styles = d.get('style-src') ?? d.get('default-src') ?? []
    if (
      styles.some((v) => ["'unsafe-inline'", "'unsafe-hashes'", '*', 'data:', 'http:', 'https:'].includes(v))
    )
      out.push(`style-src allows ${styles.join(' ')}`)
    const fa = d.get('frame-ancestors')
    if (!fa || !(fa.join(' ') === "'none'" || fa.join(' ') === "'self'"))
      out.push(`frame-ancestors ${fa?.join(' ')}`)
    if ((d.get('object-src') ?? d.get('default-src'))?.join(' ') !== "'none'" && !d.get('object-src'))
      out.push('object-src not none')
  }
  if (res.headers['x-content-type-options'] !== 'nosniff') out.push('no X-Content-Type-Options: nosniff')
  const rp = String(res.headers['referrer-policy'] ?? '')
  if (!/no-referrer|strict-origin|same-origin/.test(rp)) out.push(`Referrer-Policy "${rp}"`)
  if (res.headers['x-powered-by']) out.push('X-Powered-By present')
  if (res.headers['access-control-allow-origin'])
    out.push(`Access-Control-Allow-Origin ${String(res.headers['access-control-allow-origin'])}`)
  return out
}

describe('security headers', () => {
  it('are on every kind of response: success, refusal, not found, media, SPA', async () => {
    const video = await h.send({ method: 'GET', url: `/api/videos/${w.video._id}`, token: w.admin.token })
    const requests: Req[] = [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/courses' },
      { method: 'GET', url: `/api/courses/${w.course._id}` },
      { method: 'GET', url: '/api/courses/not-a-uuid' },
      { method: 'GET', url: '/api/users' },
      { method: 'GET', url: '/api/users', token: w.student.token },
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'GET', url: '/api/courses/%ZZ' },
      { method: 'GET', url: `/api/courses/${'x'.repeat(300)}` },
      {
        method: 'POST',
        url: '/api/courses',
        token: w.admin.token,
        payload: '{',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST',
        url: '/api/courses',
        token: w.admin.token,
        payload: 'x',
        headers: { 'content-type': 'text/plain' },
      },
      { method: 'GET', url: video.body.filePath },
      { method: 'GET', url: video.body.filePath, headers: { range: 'bytes=0-1' } },
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/courses', headers: { accept: 'text/html' } },
      { method: 'GET', url: '/assets/none.js' },
      { method: 'OPTIONS', url: '/api/courses' },
    ]
    const problems: string[] = []
    for (const req of requests) {
      const res = await h.send(req)
      for (const p of headerProblems(res))
        problems.push(`${req.method} ${req.url.slice(0, 50)} (${res.status}): ${p}`)
    }
    expect(problems).toEqual([])
  })
})

describe('CORS', () => {
  it('is closed to other origins, preflight included', async () => {
    const origin = 'https://evil.example'
    const simple = await h.send({
      method: 'GET',
      url: '/api/profile/me',
      token: w.student.token,
      headers: { origin },
    })
    expect(simple.headers['access-control-allow-origin']).toBeUndefined()
    expect(simple.headers['access-control-allow-credentials']).toBeUndefined()
    const pre = await h.send({
      method: 'OPTIONS',
      url: '/api/courses',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(pre.headers['access-control-allow-origin']).toBeUndefined()
    expect(pre.headers['access-control-allow-methods']).toBeUndefined()
    expect(pre.headers['access-control-allow-headers']).toBeUndefined()
    expect(pre.status).toBeLessThan(500)
  })
})

describe('XSRF double submit', () => {
  function cookieOf(res: Res): string | undefined {
    const set = ([] as string[]).concat(res.headers['set-cookie'] ?? [])
    return set.find((c) => c.startsWith('XSRF-TOKEN='))
  }

  it('hands out an XSRF-TOKEN cookie readable by the page, SameSite, for the whole site; no session cookie', async () => {
    const res = await h.send({ method: 'GET', url: '/api/courses' })
    const c = cookieOf(res)
    expect(c).toBeDefined()
    expect(c!.split('=')[1].split(';')[0].length).toBeGreaterThanOrEqual(16)
    expect(c).toMatch(/;\s*Path=\//i)
    expect(c).toMatch(/;\s*SameSite=(Lax|Strict)/i)
    expect(c).not.toMatch(/HttpOnly/i)
    const login = await h.send({
      method: 'POST',
      url: '/api/auth/login',
      ...json({ email: w.student.email, password: w.student.password }),
    })
    const all = ([] as string[]).concat(login.headers['set-cookie'] ?? [])
    for (const cookie of all) {
      expect(cookie).not.toContain(login.body.token)
      if (!cookie.startsWith('XSRF-TOKEN=')) expect(cookie).toMatch(/HttpOnly/i)
    }
  })

  it('a state-changing request carrying the cookie needs the matching header', async () => {
    const t = w.courseInstructor.token
    const cookie = 'XSRF-TOKEN=abcdef0123456789abcdef'
    const body = () => json({ title: 'XSRF', description: 'x', price: 1 })
    const count = async () => (await h.query('select count(*)::int as n from courses'))[0].n as number
    const before = await count()
    const missing = await h.send({
      method: 'POST',
      url: '/api/courses',
      token: t,
      ...body(),
      headers: { ...body().headers, cookie },
    })
    expect(missing.status).toBe(403)
    expect(isProblem(missing)).toBeNull()
    const wrong = await h.send({
      method: 'POST',
      url: '/api/courses',
      token: t,
      ...body(),
      headers: { ...body().headers, cookie, 'x-xsrf-token': 'abcdef0123456789abcdeX' },
    })
    expect(wrong.status).toBe(403)
    const empty = await h.send({
      method: 'POST',
      url: '/api/courses',
      token: t,
      ...body(),
      headers: { ...body().headers, cookie: 'XSRF-TOKEN=', 'x-xsrf-token': '' },
    })
    expect([201, 403]).toContain(empty.status)
    expect(await count()).toBe(before + (empty.status === 201 ? 1 : 0))
    const c = await createCourse(h.send, w.courseInstructor)
    for (const [method, url, payload] of [
      ['DELETE', `/api/courses/${c._id}`, undefined],
      ['PATCH', `/api/courses/${c._id}`, JSON.stringify({ title: 'changed' })],
      ['PUT', '/api/profile/me', JSON.stringify({ bio: 'changed', phoneNumber: '' })],
    ] as const) {
      const r = await h.send({
        method,
        url,
        token: t,
        payload,
        headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      })
      expect(r.status, `${method} ${url}`).toBe(403)
    }
    const still = await h.send({ method: 'GET', url: `/api/courses/${c._id}` })
    expect(still.body.title).toBe(c.title)
    const right = await h.send({
      method: 'POST',
      url: '/api/courses',
      token: t,
      ...body(),
      headers: { ...body().headers, cookie, 'x-xsrf-token': 'abcdef0123456789abcdef' },
    })
    expect(right.status).toBe(201)
    const noCookie = await h.send({ method: 'POST', url: '/api/courses', token: t, ...body() })
    expect(noCookie.status).toBe(201)
  })
})

describe('cookies behind an HTTPS proxy (TRUST_PROXY=1)', () => {
  let hp: AppHarness
  beforeAll(async () => {
    hp = await startApp({ env: { TRUST_PROXY: '1' } })
  })
  afterAll(async () => {
    await hp?.close()
  })

  it('the XSRF cookie is Secure when the request came over HTTPS, and only then', async () => {
    const https = await hp.send({
      method: 'GET',
      url: '/api/courses',
      headers: { 'x-forwarded-proto': 'https' },
    })
    const c = ([] as string[])
      .concat(https.headers['set-cookie'] ?? [])
      .find((x) => x.startsWith('XSRF-TOKEN='))
    expect(c).toMatch(/;\s*Secure/i)
    expect(c).toMatch(/;\s*SameSite=(Lax|Strict)/i)
    const http = await hp.send({ method: 'GET', url: '/api/courses' })
    const d = ([] as string[])
      .concat(http.headers['set-cookie'] ?? [])
      .find((x) => x.startsWith('XSRF-TOKEN='))
    expect(d).toBeDefined()
    expect(d).not.toMatch(/;\s*Secure/i)
  })

  it('without TRUST_PROXY a forged X-Forwarded-Proto changes nothing', async () => {
    const r = await h.send({ method: 'GET', url: '/api/courses', headers: { 'x-forwarded-proto': 'https' } })
    const c = ([] as string[]).concat(r.headers['set-cookie'] ?? []).find((x) => x.startsWith('XSRF-TOKEN='))
    expect(c).not.toMatch(/;\s*Secure/i)
  })
})

describe('cookies when the public address is https (PUBLIC_URL), whatever the request looks like', () => {
  let hs: AppHarness
  beforeAll(async () => {
    // No TRUST_PROXY: a proxy that ends TLS and forwards plain http, saying nothing the server may believe.
    hs = await startApp({ env: { PUBLIC_URL: 'https://chess.example.org' } })
  })
  afterAll(async () => {
    await hs?.close()
  })

  it('the XSRF cookie is Secure on a plain http request', async () => {
    const r = await hs.send({ method: 'GET', url: '/api/courses' })
    const c = ([] as string[]).concat(r.headers['set-cookie'] ?? []).find((x) => x.startsWith('XSRF-TOKEN='))
    expect(c).toBeDefined()
    expect(c).toMatch(/;\s*Secure/i)
    expect(c).toMatch(/;\s*SameSite=Lax/i)
  })

  it('the known-device cookie of a sign-in is Secure on a plain http request', async () => {
    const a = await register(hs.send, uniq('sec'))
    const r = await hs.send({
      method: 'POST',
      url: '/api/auth/login',
      ...json({ email: a.email, password: a.password }),
    })
    expect(r.status).toBe(200)
    const c = ([] as string[])
      .concat(r.headers['set-cookie'] ?? [])
      .find((x) => x.startsWith('known-device='))
    expect(c).toBeDefined()
    expect(c).toMatch(/;\s*Secure/i)
    expect(c).toMatch(/;\s*HttpOnly/i)
  })
})

describe('dependencies', () => {
  it('npm audit --omit=dev reports no high or critical vulnerability (or each is explained)', (ctx) => {
    // Findings we have read and judged not exploitable here, with the reason.
    const explained: Record<string, string> = {}
    const r = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 90_000,
    })
    let report: any
    try {
      report = JSON.parse(r.stdout)
    } catch {
      report = undefined
    }
    if (!report?.metadata?.vulnerabilities) {
      console.log(
        `npm audit could not run (registry unreachable?): ${(r.stderr || r.stdout || '').slice(0, 300)}`,
      )
      ctx.skip()
      return
    }
    const serious = Object.entries<any>(report.vulnerabilities ?? {})
      .filter(([, v]) => v.severity === 'high' || v.severity === 'critical')
      .map(([name, v]) => `${name} (${v.severity})`)
      .filter((n) => !(n.split(' ')[0] in explained))
    console.log(`npm audit --omit=dev: ${JSON.stringify(report.metadata.vulnerabilities)}`)
    expect(serious).toEqual([])
  })
})
