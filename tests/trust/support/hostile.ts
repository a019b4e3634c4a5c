// Generated hostile requests, driven by the contract's schemas (fast-check).
import { Chess } from 'chess.js'
import fc from 'fast-check'
import type { Operation, Schema } from './contract'
import type { Req } from './http'

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5); --',
  "' UNION SELECT password_hash, email FROM users --",
  "admin'--",
  '\\x27; TRUNCATE courses; --',
  '$1',
  "E'\\\\'",
]

export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '<iframe src="https://evil.example"></iframe>',
  '{{constructor.constructor("alert(1)")()}}',
  '<a href="javascript:alert(1)">click</a>',
  '&lt;b&gt;&amp;',
]

export const UNICODE_PAYLOADS = [
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  'lone\udfffsurrogate',
  '\u202egnp.exe',
  'zero\u200bwidth\ufeff',
  '👩🏽‍💻♟️🏳️‍🌈',
  'Ｅｎｄｇａｍｅ',
  'é vs e\u0301',
  '\u0130stanbul ǅ ß',
  '\r\n\t\u000b\u000c',
  '\u2028\u2029',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'ﷺ',
]

export const MALFORMED_IDS = [
  'abc',
  '1',
  '-1',
  '0',
  'null',
  'undefined',
  '00000000-0000-0000-0000-00000000000',
  '00000000-0000-0000-0000-0000000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  "' OR 1=1 --",
  '%27%20OR%201%3D1',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '..',
  '%00',
  'a%00b',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%ZZ',
  '%',
  'x'.repeat(3000),
  '{courseId}',
  '%7B%7D',
  '__proto__',
  'constructor',
]

/** PGN a client may send as a module's line: real lines, and what a reader must refuse without a 5xx. */
export const HOSTILE_PGN = [
  // huge: a comment of 60,000 characters (accepted, under 64 KB), the most moves and one more, 65,000 characters
  `1. e4 {${'x'.repeat(60_000)}} e5 *`,
  '1. Nf3 Nf6 2. Ng1 Ng8 '.repeat(188),
  '1. Nf3 Nf6 2. Ng1 Ng8 '.repeat(2_950),
  `1. e4 ${'(1. d4) '.repeat(8_000)}`,
  // deeply nested variations
  `1. e4 ${'(1. d4 '.repeat(33)}${')'.repeat(33)}`,
  `1. e4 ${'(1. d4 '.repeat(5_000)}`,
  '('.repeat(20_000),
  `1. e4 ${'{'.repeat(5_000)}`,
  // NUL bytes and other control characters
  '1. e4\u0000 e5',
  '\u0000',
  '[Event "a\u0000b"] 1. e4',
  '1. e4 {\u0007} e5',
  // illegal moves
  '1. e4 e5 2. Ke3',
  '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Nc3 Nxe4 8. O-O Bxc3 9. d5 Bf6 10. Re1 Ne7 11. Rxe4 d6 12. Bg5 Nf6',
  '1. e5',
  '1. O-O',
  '1. e4 (1... e5) e5',
  '1. e4 e5 2. exf5',
  '1. a8=Q',
  '[SetUp "1"] [FEN "8/8/8/8/8/8/8/8 w - - 0 1"] 1. Kh1',
  '[SetUp "1"] 1. e4',
  '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"] 1. e4',
  // malformed
  '[Event "x"',
  '1. e4 ) e5',
  '1. e4 e5 1-0 1. d4',
  '$999999 1. e4',
  '1. e4 e5 %escape',
  '%escape line\n1. e4',
  '1.e4 e5 2.Nf3!? Nc6?! 3.Bb5!! a6?? *',
  '1. e4 $1 e5 $2 {ok} *',
  // real lines
  '1. e4 e5 2. Nf3 {Attacks e5.} Nc6 3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3 *',
  '[SetUp "1"]\n[FEN "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"]\n1. Rd1+ Ke7 2. Rd4 Rb2 3. Kc7 *',
  '[SetUp "1"]\n[FEN "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1"]\n1. Qd8+ Bxd8 2. Re8# 1-0',
]

/** The bounds of a kept game's PGN (the contract's GameInput.pgn): 600 plies, variations included, and 20 KB. */
export const GAME_MAX_PLIES = 600
export const GAME_PGN_MAX_BYTES = 20 * 1024

/** The plies before a game ends in a threefold repetition: a move of each side there and back, twice. */
const REPETITION_PLIES = 8

/**
 * A legal game of `plies` plies that ends in a draw by threefold repetition, its text made `bytes` long by a
 * comment before the first move. Its moves are quiet (no capture while another move is left), so the pieces stay
 * on the board and each move costs a reader about the most a real game's does. Drawn from a fixed seed: the same
 * game every run.
 */
export function drawnGame(plies: number, bytes = 0): string {
  const chess = new Chess()
  const sans: string[] = []
  let seed = 20_240_601
  const pick = <T>(items: T[]) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return items[seed % items.length]
  }
  while (sans.length < plies - REPETITION_PLIES) {
    const moves = chess.moves().filter((san) => !san.includes('#'))
    const quiet = moves.filter((san) => !san.includes('x'))
    const san = pick(quiet.length ? quiet : moves)
    chess.move(san)
    // a move that leaves the other side no move (stalemate) is taken back; another is drawn
    if (chess.moves().length === 0) chess.undo()
    else sans.push(san)
  }
  sans.push(...repeatTwice(chess))
  if (!chess.isThreefoldRepetition()) throw new Error('drawnGame: the game does not end in a repetition')
  const text = sans.map((san, i) => (i % 2 ? san : `${i / 2 + 1}. ${san}`)).join(' ') + ' 1/2-1/2'
  const padding = bytes - text.length - 3
  return padding > 0 ? `{${'A long game. '.repeat(padding).slice(0, padding)}} ${text}` : text
}

/** Plays a move of each side and its way back twice (the position stands three times), returning the moves. */
function repeatTwice(chess: Chess): string[] {
  const pieceMoves = () =>
    chess
      .moves({ verbose: true })
      .filter((m) => 'nbq'.includes(m.piece) && !m.captured && !m.san.includes('+'))
  for (const there of pieceMoves()) {
    chess.move(there)
    const replies = pieceMoves()
    chess.undo()
    for (const reply of replies) {
      const back = (m: { from: string; to: string }) => ({ from: m.to, to: m.from })
      const made: string[] = []
      for (const move of [there, reply, back(there), back(reply), there, reply, back(there), back(reply)]) {
        try {
          made.push(chess.move(move).san)
        } catch {
          break
        }
      }
      if (made.length === REPETITION_PLIES && chess.isThreefoldRepetition()) return made
      for (const _ of made) chess.undo()
    }
  }
  throw new Error('drawnGame: no move there and back for both sides')
}

/** A kept game at its bounds (600 plies, 20 KB), and one a ply over: legal, over, its result 1/2-1/2. */
export const keptGamePgn = {
  maximal: memo(() => drawnGame(GAME_MAX_PLIES, GAME_PGN_MAX_BYTES)),
  overCap: memo(() => drawnGame(GAME_MAX_PLIES + 1)),
}

function memo<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}

const pgnArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PGN) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }) },
  // a kept game at its bounds and over them (made on first use: a few hundred ms of chess.js)
  { weight: 1, arbitrary: fc.constantFrom(keptGamePgn.maximal, keptGamePgn.overCap).map((game) => game()) },
)

const hostileString = fc.oneof(
  fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE_PAYLOADS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
)

export interface Ids {
  courses: string[]
  modules: string[]
  videos: string[]
  users: string[]
  /** Reviews of courses (the path's `reviewId`). */
  reviews?: string[]
}

function uuidArb(ids: string[]): fc.Arbitrary<string> {
  return ids.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.uuid() })
    : fc.uuid()
}

/** Values the schema accepts (give or take formats the server checks more strictly). */
export function validValue(schema: Schema, ids: Ids, key = ''): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  // a module's line: a ModuleLine object, or null
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, ids, key)))
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  if (Array.isArray(schema.type) && schema.type.includes('null') && type) {
    return fc.oneof(
      { weight: 3, arbitrary: validValue({ ...schema, type }, ids, key) },
      { weight: 1, arbitrary: fc.constant(null) },
    )
  }
  switch (type) {
    case 'string': {
      if (key === 'pgn') return pgnArb
      if (schema.format === 'uuid') {
        const pool =
          key === 'courseId'
            ? ids.courses
            : key === 'videoId'
              ? ids.videos
              : key === 'moduleIds'
                ? ids.modules
                : [...ids.courses, ...ids.users]
        return uuidArb(pool)
      }
      if (schema.format === 'email')
        return fc
          .tuple(fc.stringMatching(/^[a-z0-9]{3,12}$/), fc.constantFrom('example.com', 'trust.example'))
          .map(([u, d]) => `${u}@${d}`)
      if (schema.pattern) {
        const max = schema.maxLength ?? 60
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= max)
      }
      const min = schema.minLength ?? 0
      const max = Math.min(schema.maxLength ?? 200, 300)
      return fc
        .oneof(
          {
            weight: 3,
            arbitrary: fc.string({
              unit: 'grapheme',
              minLength: Math.max(min, 1),
              maxLength: Math.max(min, 1, Math.min(max, 60)),
            }),
          },
          { weight: 1, arbitrary: fc.constantFrom(...HTML_PAYLOADS, ...SQL_PAYLOADS, 'Ｅｎｄｇａｍｅ 👩🏽‍💻♟️') },
          {
            weight: 1,
            arbitrary: fc.string({
              unit: 'binary',
              minLength: Math.max(min, 1),
              maxLength: Math.max(min, 1, Math.min(max, 30)),
            }),
          },
        )
        .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity))
    }
    case 'number':
      // JSON Schema 2020-12: exclusiveMinimum and exclusiveMaximum are bounds of their own (durationSeconds > 0)
      return fc.double({
        min: schema.exclusiveMinimum ?? schema.minimum ?? -1e6,
        minExcluded: schema.exclusiveMinimum !== undefined,
        max: schema.exclusiveMaximum ?? schema.maximum ?? 1e6,
        maxExcluded: schema.exclusiveMaximum !== undefined,
        noNaN: true,
        noDefaultInfinity: true,
      })
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 })
    case 'boolean':
      return fc.boolean()
    // the null alternative of a nullable field (`anyOf: [..., {type: 'null'}]`)
    case 'null':
      return fc.constant(null)
    case 'array':
      // the items of a list of ids are drawn from the pool its key names (moduleIds: the known modules)
      return fc.array(validValue(schema.items ?? {}, ids, key), { maxLength: 3 })
    case 'object': {
      const props = schema.properties ?? {}
      const required = new Set(schema.required ?? [])
      const record: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [k, s] of Object.entries(props)) record[k] = validValue(s, ids, k)
      const optional = Object.keys(props).filter((k) => !required.has(k))
      return fc
        .record(record, { requiredKeys: [...required] })
        .filter(
          (o) => Object.keys(o as object).length >= (schema.minProperties ?? 0) || optional.length === 0,
        )
    }
    default:
      return fc.anything()
  }
}

/** A value of the wrong type for the schema. */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type : [schema.type]
  const options: fc.Arbitrary<unknown>[] = []
  if (!type.includes('string')) options.push(fc.constantFrom('12', 'true', '', 'null'))
  if (!type.includes('number') && !type.includes('integer'))
    options.push(fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1))
  if (!type.includes('boolean')) options.push(fc.boolean())
  if (!type.includes('null')) options.push(fc.constant(null))
  if (!type.includes('array')) options.push(fc.constantFrom([], ['a'], [1, 2]))
  if (!type.includes('object')) options.push(fc.constantFrom({}, { $gt: '' }, { toString: 'x' }))
  return fc.oneof(...options)
}

function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
}

export interface HostileRequest {
  operationId: string
  kind: string
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  /** The JSON body as sent, when it was one. */
  sent?: unknown
  actor: string
}

const BODY_MUTATIONS = [
  'valid',
  'valid',
  'valid',
  'missing',
  'extra',
  'wrongType',
  'hostileStrings',
  'tooLong',
  'huge',
  'deep',
  'badJson',
  'wrongContentType',
  'noContentType',
  'notObject',
  'proto',
  'empty',
  'numberEdge',
] as const

const PATH_KINDS = ['known', 'known', 'known', 'randomUuid', 'malformed'] as const

const ACTOR_CHOICES = [
  'student',
  'enrolledStudent',
  'courseInstructor',
  'otherInstructor',
  'admin',
  'anonymous',
  'garbage',
] as const

const GARBAGE_AUTH = [
  'Bearer',
  'Bearer ',
  'Bearer x.y.z',
  'Bearer eyJhbGciOiJub25lIn0.e30.',
  'Basic YWRtaW46YWRtaW4=',
  'bearer ' + 'A'.repeat(5000),
  'Bearer \u00ff\u00fe',
  'Bearer null',
  'Bearer undefined',
]

/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD, as a browser would send them). */
export function pct(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[\w.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')
}

function encodeSegment(s: string): string {
  // Segments from MALFORMED_IDS are already URL-shaped; other strings get encoded.
  return /^[\w%.~-]*$/.test(s) ? s : pct(s)
}

/**
 * Operations whose query is drawn from their own parameters' schemas: each parameter absent, valid, or a hostile
 * string (the others get an unsubscribe link's `exp` and `sig`).
 */
const QUERIES_FROM_SCHEMAS = ['getNextPuzzle']

function queryFromSchemas(op: Operation, ids: Ids): fc.Arbitrary<string> {
  const params: Record<string, fc.Arbitrary<string | undefined>> = {}
  for (const [name, { schema }] of Object.entries(op.queryParams))
    params[name] = fc.oneof(
      fc.constant(undefined),
      validValue(schema, ids, name).map(String),
      hostileString,
      fc.constantFrom('', 'A'.repeat(200), '1e309', '[]'),
    )
  return fc.record(params).map((q) => {
    const pairs = Object.entries(q).filter(([, v]) => v !== undefined)
    return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${pct(v!)}`).join('&')}` : ''
  })
}

export function requestArbitrary(op: Operation, ids: Ids, players: string[]): fc.Arbitrary<HostileRequest> {
  const pathParamArbs: Record<string, fc.Arbitrary<string>> = {}
  for (const [name, schema] of Object.entries(op.pathParams)) {
    const pool =
      name === 'courseId'
        ? ids.courses
        : name === 'moduleId'
          ? ids.modules
          : name === 'videoId'
            ? ids.videos
            : name === 'reviewId'
              ? (ids.reviews ?? [])
              : ids.users
    const known =
      schema.format === 'uuid'
        ? uuidArb(pool)
        : fc.oneof(fc.constantFrom(...players), validValue(schema, ids) as fc.Arbitrary<string>)
    pathParamArbs[name] = fc
      .constantFrom(...PATH_KINDS)
      .chain((k) =>
        k === 'known'
          ? known.map(encodeSegment)
          : k === 'randomUuid'
            ? fc.uuid()
            : fc.oneof(fc.constantFrom(...MALFORMED_IDS), hostileString.map(pct)),
      )
  }
  const queryArb =
    Object.keys(op.queryParams).length === 0
      ? fc.constant('')
      : QUERIES_FROM_SCHEMAS.includes(op.operationId)
        ? queryFromSchemas(op, ids)
        : fc.oneof(
            fc.constant(''),
            fc
              .record({
                exp: fc.oneof(fc.integer({ min: 0, max: 2 ** 40 }).map(String), hostileString),
                sig: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), hostileString),
              })
              .map((q) => `?exp=${pct(q.exp)}&sig=${pct(q.sig)}`),
          )

  const bodyArb: fc.Arbitrary<{
    kind: string
    payload?: string | Buffer
    contentType?: string
    sent?: unknown
  }> =
    op.bodyContentType === 'application/json' && op.bodySchema
      ? fc.constantFrom(...BODY_MUTATIONS).chain((kind) => jsonBody(kind, op.bodySchema!, ids))
      : op.bodyContentType?.startsWith('multipart/')
        ? fc
            .constantFrom('noBody', 'json', 'garbageMultipart', 'emptyBoundary', 'truncatedFile', 'noFile')
            .map((kind) => multipartJunk(kind, ids))
        : fc
            .constantFrom('noBody', 'noBody', 'unexpectedBody', 'badJson', 'textBody', 'hugeBody')
            .map((kind) => unexpectedBody(kind, ids))

  return fc
    .record({
      params: fc.record(pathParamArbs),
      query: queryArb,
      body: bodyArb,
      actor: fc.constantFrom(...ACTOR_CHOICES),
      garbage: fc.constantFrom(...GARBAGE_AUTH),
      xsrf: fc.constantFrom('none', 'none', 'none', 'none', 'none', 'match', 'mismatch', 'cookieOnly'),
    })
    .map(({ params, query, body, actor, garbage, xsrf }) => {
      const url = op.path.replace(/\{(\w+)\}/g, (_, n: string) => params[n]) + query
      const headers: Record<string, string> = {}
      if (body.contentType) headers['content-type'] = body.contentType
      if (actor === 'garbage') headers.authorization = garbage
      if (xsrf !== 'none') {
        headers.cookie = 'XSRF-TOKEN=trust-token-1'
        if (xsrf === 'match') headers['x-xsrf-token'] = 'trust-token-1'
        if (xsrf === 'mismatch') headers['x-xsrf-token'] = 'another-token'
      }
      return {
        operationId: op.operationId,
        kind: `${body.kind}${xsrf === 'none' ? '' : `+xsrf:${xsrf}`}`,
        method: op.method,
        url,
        headers,
        payload: body.payload,
        sent: body.sent,
        actor,
      }
    })
}

/** Bodies sent to operations that take none (the server ignores them on GET, parses them on other methods). */
function unexpectedBody(kind: string, ids: Ids): BodySpec {
  switch (kind) {
    case 'unexpectedBody':
      return {
        kind,
        payload: JSON.stringify({ role: 'admin', courseId: ids.courses[0] }),
        contentType: 'application/json',
      }
    case 'badJson':
      return { kind, payload: '{"a":', contentType: 'application/json' }
    case 'textBody':
      return { kind, payload: 'role=admin', contentType: 'text/plain' }
    case 'hugeBody':
      return { kind, payload: JSON.stringify({ a: 'A'.repeat(200_000) }), contentType: 'application/json' }
    default:
      return { kind }
  }
}

interface BodySpec {
  kind: string
  payload?: string | Buffer
  contentType?: string
  sent?: unknown
}

function jsonBody(kind: (typeof BODY_MUTATIONS)[number], schema: Schema, ids: Ids): fc.Arbitrary<BodySpec> {
  const valid = validValue(schema, ids) as fc.Arbitrary<Record<string, unknown>>
  const props = Object.keys(schema.properties ?? {})
  // `sent` is what the server reads: a value JSON cannot carry (undefined) is not in it
  const asJson = (v: unknown) => {
    const payload = JSON.stringify(v)
    return { kind, payload, contentType: 'application/json', sent: JSON.parse(payload) as unknown }
  }
  switch (kind) {
    case 'valid':
      return valid.map(asJson)
    case 'missing':
      return fc
        .tuple(valid, fc.constantFrom(...(schema.required?.length ? schema.required : props)))
        .map(([v, k]) => {
          const copy = { ...v }
          delete copy[k]
          return asJson(copy)
        })
    case 'extra':
      return fc
        .tuple(
          valid,
          fc.constantFrom('role', 'isAdmin', '_id', 'instructor', 'password_hash', 'price', 'id', 'zzz'),
          fc.anything(),
        )
        .map(([v, k, x]) => asJson({ ...v, [k in (schema.properties ?? {}) ? `${k}_` : k]: x ?? 'admin' }))
    case 'wrongType':
      return fc
        .tuple(valid, fc.constantFrom(...props))
        .chain(([v, k]) => wrongType(schema.properties![k]).map((w) => asJson({ ...v, [k]: w })))
    case 'hostileStrings':
      return fc
        .tuple(valid, fc.constantFrom(...props), hostileString)
        .map(([v, k, s]) => asJson({ ...v, [k]: s }))
    case 'tooLong':
      return fc.tuple(valid, fc.constantFrom(...props)).map(([v, k]) => {
        const max = schema.properties![k].maxLength ?? 5000
        return asJson({ ...v, [k]: 'é'.repeat(max + 1) })
      })
    case 'huge':
      return fc.constantFrom(200_000, 1_100_000).map((n) => ({
        kind,
        payload: JSON.stringify({ [props[0] ?? 'x']: 'A'.repeat(n) }),
        contentType: 'application/json',
      }))
    case 'deep':
      return fc
        .tuple(
          fc.constantFrom(50, 2_000, 20_000),
          fc.constantFrom('array' as const, 'object' as const),
          fc.boolean(),
        )
        .map(([d, k, wrap]) => ({
          kind,
          payload: wrap ? `{"${props[0] ?? 'x'}":${deepJson(d, k)}}` : deepJson(d, k),
          contentType: 'application/json',
        }))
    case 'badJson':
      return fc
        .constantFrom(
          '{',
          '{"title":',
          "{'a':1}",
          '{"a":1,}',
          'undefined',
          'NaN',
          '\u0000',
          '{"a":"\ud800"}',
          '[1,2',
          '{"a":1}{"b":2}',
          ' ',
          '\ufeff{}',
        )
        .map((payload) => ({ kind, payload, contentType: 'application/json' }))
    case 'wrongContentType':
      return fc
        .tuple(
          valid,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data',
            'application/json; charset=utf-16',
            'application/jsonx',
            '*/*',
            'text/html',
          ),
        )
        .map(([v, ct]) => ({ kind, payload: JSON.stringify(v), contentType: ct }))
    case 'noContentType':
      return valid.map((v) => ({ kind, payload: JSON.stringify(v) }))
    case 'notObject':
      return fc
        .constantFrom('[]', '"text"', '42', 'null', 'true', '[{"title":"x"}]')
        .map((payload) => ({ kind, payload, contentType: 'application/json' }))
    case 'proto':
      return valid.chain((v) =>
        fc
          .constantFrom(
            `{"__proto__":{"role":"admin","isAdmin":true},${JSON.stringify(v).slice(1)}`,
            `{"constructor":{"prototype":{"role":"admin"}},${JSON.stringify(v).slice(1)}`,
          )
          .map((payload) => ({
            kind,
            payload: payload.replace(/,}$/, '}'),
            contentType: 'application/json',
          })),
      )
    case 'empty':
      return fc.constantFrom('', '{}').map((payload) => ({ kind, payload, contentType: 'application/json' }))
    case 'numberEdge':
      return fc
        .tuple(
          valid,
          fc.constantFrom(
            '1e309',
            '-0',
            '1e-400',
            '0.005',
            '99999.999',
            '100000.01',
            '-0.01',
            '12345678901234567890',
            '0x10',
            '1_000',
          ),
        )
        .map(([v, n]) => {
          const numKey = props.find((k) => ['number', 'integer'].includes(String(schema.properties![k].type)))
          const text = JSON.stringify(v)
          if (!numKey)
            return {
              kind,
              payload: text.replace(/}$/, `,"n":${n}}`).replace('{,', '{'),
              contentType: 'application/json',
            }
          const obj = { ...v, [numKey]: '__N__' }
          return { kind, payload: JSON.stringify(obj).replace('"__N__"', n), contentType: 'application/json' }
        })
  }
}

function multipartJunk(kind: string, ids: Ids) {
  const field = (name: string, value: string) =>
    `--abc\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const mp = 'multipart/form-data; boundary=abc'
  switch (kind) {
    case 'truncatedFile':
      return {
        kind,
        payload:
          field('courseId', ids.courses[0]) +
          '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n\u0000\u0000\u0000\u0018ftypisom' +
          'x'.repeat(3000),
        contentType: mp,
      }
    case 'noFile':
      return { kind, payload: field('courseId', ids.courses[0]) + '--abc--\r\n', contentType: mp }
    case 'noBody':
      return { kind }
    case 'json':
      return { kind, payload: '{"courseId":"x"}', contentType: 'application/json' }
    case 'garbageMultipart':
      return { kind, payload: '--abc\r\nnot really\r\n', contentType: 'multipart/form-data; boundary=abc' }
    default:
      return { kind, payload: 'x', contentType: 'multipart/form-data' }
  }
}

/** The size of a slow-input value: 64 KB, as large as the largest text the contract takes (a module's PGN). */
export const SLOW_TEXT_LENGTH = 64 * 1024

/** `unit` repeated to 64 KB, closed by a character that fails the match of a pattern reading the run. */
const slowRun = (unit: string, last = 'x') =>
  unit
    .repeat(Math.floor((SLOW_TEXT_LENGTH - last.length) / unit.length))
    .padEnd(SLOW_TEXT_LENGTH - last.length, ' ') + last

/**
 * 64 KB values made to make a regular expression backtrack: long runs of one character (or of a short mixture)
 * that overlapping or unanchored quantifiers read again and again, each closed by a character that fails the match
 * (an unanchored /[!?]+$/ took 7.6 s on 60,000 '!' and an 'x').
 */
export const SLOW_TEXTS: Record<string, string> = {
  "'!' run": slowRun('!'),
  "'?' run": slowRun('?'),
  "'(' run": slowRun('('),
  "'{' run": slowRun('{'),
  'space run': slowRun(' '),
  'digit run': slowRun('1'),
  "'1.' repeated": slowRun('1.'),
  "'a!' repeated": slowRun('a!'),
  "'!?' repeated after a move": `1. e4 e5 2. Nf3${slowRun('!?', '-').slice(15)}`,
  "'/' run": slowRun('/'),
}

/** A text an operation takes from its client: a string of its JSON body (by its path), a query or a path parameter. */
export interface TextField {
  in: 'body' | 'query' | 'path'
  /** The property path in the body (['line', 'pgn']), or the parameter's name. */
  path: string[]
}

const takesString = (schema: Schema): boolean =>
  (Array.isArray(schema.type) ? schema.type : [schema.type]).includes('string') ||
  (schema.anyOf ?? []).some(takesString)

/** Every text field of an operation: the strings of its JSON body (nested ones too), its query and path parameters. */
export function textFields(op: Operation): TextField[] {
  const fields: TextField[] = []
  const walk = (schema: Schema, path: string[]) => {
    if (path.length && takesString(schema)) fields.push({ in: 'body', path })
    for (const branch of [schema, ...(schema.anyOf ?? [])])
      for (const [k, s] of Object.entries(branch.properties ?? {})) walk(s, [...path, k])
  }
  if (op.bodyContentType === 'application/json' && op.bodySchema) walk(op.bodySchema, [])
  for (const [name, { schema }] of Object.entries(op.queryParams))
    if (takesString(schema)) fields.push({ in: 'query', path: [name] })
  for (const [name, schema] of Object.entries(op.pathParams))
    if (takesString(schema)) fields.push({ in: 'path', path: [name] })
  return fields
}

/**
 * A valid request of `op` (its path already filled in) with one text field set to `value`. A body object the
 * field sits in but the request lacks (a module's line) is made with its required choices set to their first
 * value, so the text reaches the code that reads it rather than failing on a missing sibling.
 */
export function withText(op: Operation, base: Req, field: TextField, value: string): Req {
  const [pathname, search = ''] = base.url.split('?')
  if (field.in === 'path') {
    const at = op.path.split('/').indexOf(`{${field.path[0]}}`)
    const segments = pathname.split('/')
    segments[at] = pct(value)
    return { ...base, url: `${segments.join('/')}${search ? `?${search}` : ''}` }
  }
  if (field.in === 'query') {
    const query = new URLSearchParams(search)
    query.set(field.path[0], value)
    return { ...base, url: `${pathname}?${query.toString()}` }
  }
  const body = (base.payload ? JSON.parse(String(base.payload)) : {}) as Record<string, unknown>
  let obj = body
  let schema = op.bodySchema!
  for (const key of field.path.slice(0, -1)) {
    schema = [schema, ...(schema.anyOf ?? [])].find((s) => s.properties?.[key])!.properties![key]
    const inner = [schema, ...(schema.anyOf ?? [])].find((s) => s.properties)!
    if (typeof obj[key] !== 'object' || obj[key] === null) {
      const made: Record<string, unknown> = {}
      for (const r of inner.required ?? [])
        if (inner.properties?.[r]?.enum) made[r] = inner.properties[r].enum[0]
      obj[key] = made
    }
    obj = obj[key] as Record<string, unknown>
  }
  obj[field.path[field.path.length - 1]] = value
  return {
    ...base,
    headers: { ...base.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  }
}
