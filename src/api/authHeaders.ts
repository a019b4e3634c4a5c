import { config } from '@/app/config'

type AuthSource = { auth?: { token?: string | null } }

/** Reads a cookie by name from document.cookie (empty in non-browser runs). */
export function readCookie(name: string): string | null {
  const cookies = globalThis.document?.cookie ?? ''
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

export function isSameOrigin(url: string): boolean {
  const origin = globalThis.location?.origin
  if (!origin) return false
  try {
    return new URL(url, origin).origin === origin
  } catch {
    return false
  }
}

/** Bearer token from the auth state; XSRF echo from the XSRF-TOKEN cookie on same-origin calls. */
export function authHeaders(
  headers: Headers,
  getState: () => unknown,
  url: string = config.apiBaseUrl,
): Headers {
  const token = (getState() as AuthSource).auth?.token
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`)
  const xsrf = readCookie('XSRF-TOKEN')
  if (xsrf && isSameOrigin(url)) headers.set('X-XSRF-TOKEN', xsrf)
  return headers
}
