import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** OWASP's minimum for scrypt: N=2^17, r=8, p=1 (128 MiB per hash). */
const DEFAULT_LOG2N = 17
const R = 8
const P = 1
const KEYLEN = 64
/** Stored hashes are trusted data, but a corrupt row must not make the server allocate gigabytes. */
const MAX_LOG2N = 20

let configuredLog2N = DEFAULT_LOG2N

/**
 * The cost new hashes get, as log2(N); read from config.scryptLog2N when the app is built. Logins re-hash a
 * password stored with a lower cost. Tests lower it (SCRYPT_LOG2N=14) to stay fast.
 */
export function setScryptLog2N(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < 1 || log2N > MAX_LOG2N)
    throw new RangeError(`scrypt log2(N) must be 1..${MAX_LOG2N}`)
  configuredLog2N = log2N
}

export function scryptLog2N(): number {
  return configuredLog2N
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes (128 MiB at N=2^17, r=8); twice that leaves headroom for Node's own checks.
  const maxmem = 2 * 128 * n * r * p + 16 * 1024 * 1024
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

/** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash, so the cost can rise later. */
export async function hashPassword(password: string, log2N = configuredLog2N): Promise<string> {
  const n = 2 ** log2N
  const salt = randomBytes(16)
  const key = await derive(password, salt, n, R, P)
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

interface Params {
  n: number
  r: number
  p: number
  salt: Buffer
  hash: Buffer
}

function parse(stored: string): Params | undefined {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash || rest.length) return undefined
  const params = { n: Number(n), r: Number(r), p: Number(p) }
  const powerOfTwo = Number.isInteger(params.n) && params.n > 1 && (params.n & (params.n - 1)) === 0
  if (
    !powerOfTwo ||
    params.n > 2 ** MAX_LOG2N ||
    !Number.isInteger(params.r) ||
    params.r < 1 ||
    params.r > 32
  )
    return undefined
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > 16) return undefined
  return { ...params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') }
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const params = parse(stored)
  if (!params) return false
  const key = await derive(password, params.salt, params.n, params.r, params.p)
  return key.length === params.hash.length && timingSafeEqual(key, params.hash)
}

/** True when the stored hash is weaker than what new hashes get (it is then re-hashed at the next login). */
export function needsRehash(stored: string, log2N = configuredLog2N): boolean {
  const params = parse(stored)
  return !params || params.n < 2 ** log2N || params.r < R || params.p < P
}

const dummies = new Map<number, Promise<string>>()

/** Compared against when the email is unknown, at the configured cost, so both failures take the same time. */
export function dummyHash(log2N = configuredLog2N): Promise<string> {
  let dummy = dummies.get(log2N)
  if (!dummy) {
    dummy = hashPassword('not-a-real-password-0000', log2N)
    dummies.set(log2N, dummy)
  }
  return dummy
}
