// One small request interface over Fastify's inject (in-process) and fetch (a spawned server).
export interface Req {
  method: string
  url: string
  headers?: Record<string, string>
  payload?: string | Buffer
  token?: string
}

export interface Res {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  /** Parsed JSON body, or undefined when the body is not JSON. */
  body: any
  contentType: string
}

export type Send = (req: Req) => Promise<Res>

function withAuth(req: Req): Record<string, string> {
  const headers: Record<string, string> = { ...(req.headers ?? {}) }
  if (req.token !== undefined) headers.authorization = `Bearer ${req.token}`
  return headers
}

function parse(text: string, contentType: string): unknown {
  if (!contentType.includes('json') || text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

interface Injectable {
  inject(opts: {
    method: any
    url: string
    headers: Record<string, string>
    payload?: string | Buffer
  }): Promise<{
    statusCode: number
    headers: Record<string, any>
    body: string
  }>
}

export function injectSender(app: Injectable): Send {
  return async (req) => {
    const r = await app.inject({
      method: req.method,
      url: req.url,
      headers: withAuth(req),
      payload: req.payload,
    })
    const contentType = String(r.headers['content-type'] ?? '')
    return {
      status: r.statusCode,
      headers: r.headers,
      text: r.body,
      body: parse(r.body, contentType),
      contentType,
    }
  }
}

export function fetchSender(base: string, timeoutMs = 15000): Send {
  return async (req) => {
    const r = await fetch(base + req.url, {
      method: req.method,
      headers: withAuth(req),
      body: req.payload as any,
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await r.text()
    const headers: Res['headers'] = {}
    r.headers.forEach((v, k) => (headers[k] = v))
    const cookies = r.headers.getSetCookie()
    if (cookies.length) headers['set-cookie'] = cookies
    const contentType = r.headers.get('content-type') ?? ''
    return { status: r.status, headers, text, body: parse(text, contentType), contentType }
  }
}

export function json(body: unknown): { payload: string; headers: Record<string, string> } {
  return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
}

/** A multipart/form-data body with text fields and one file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; data: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----trust${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A tiny but genuine-looking MP4 (ftyp box first) and WebM (EBML magic). */
export function fakeMp4(size = 2048): Buffer {
  const b = Buffer.alloc(size, 0x11)
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]).copy(b, 0)
  return b
}

export function isProblem(res: Res): string | null {
  if (!res.contentType.startsWith('application/problem+json'))
    return `content-type ${res.contentType || '(none)'}`
  const b = res.body
  if (!b || typeof b !== 'object') return 'body is not a JSON object'
  if (typeof b.type !== 'string' || typeof b.title !== 'string') return 'type/title missing'
  if (b.status !== res.status) return `status field ${b.status} != ${res.status}`
  return null
}

/** How many answers had each status. */
export function tally(rs: Res[]): Record<number, number> {
  const t: Record<number, number> = {}
  for (const r of rs) t[r.status] = (t[r.status] ?? 0) + 1
  return t
}
