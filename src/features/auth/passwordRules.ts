// Client-side password rules (DECISIONS.md: 8 to 128 characters) and readable texts for the server's
// answers to a password change or reset. Passwords themselves are never logged or shown.

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

export const PASSWORDS_DIFFER_TEXT = 'The new passwords do not match.'
export const PASSWORD_LENGTH_TEXT = `The new password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`

/** What is wrong with a new password before it is sent, or null. Counts characters as the server does. */
export function newPasswordProblem(password: string, again: string = password): string | null {
  if (password !== again) return PASSWORDS_DIFFER_TEXT
  const length = [...password].length
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return PASSWORD_LENGTH_TEXT
  return null
}

/** A failed call's error: RTK Query's FetchBaseQueryError or SerializedError, or anything thrown. */
type Failure = unknown

export function statusOf(error: Failure): number | string | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined
  const { status } = error
  return typeof status === 'number' || typeof status === 'string' ? status : undefined
}

function detailOf(error: Failure): string {
  if (typeof error !== 'object' || error === null || !('data' in error)) return ''
  const { data } = error
  if (typeof data !== 'object' || data === null || !('detail' in data)) return ''
  return typeof data.detail === 'string' ? data.detail.trim() : ''
}

/** The server's problem detail as a sentence; a raw schema message becomes the length rule. */
export function readableDetail(error: Failure): string {
  const detail = detailOf(error)
  if (!detail || /^(body|params|querystring)\b|must (NOT )?(have|match|be)/.test(detail))
    return PASSWORD_LENGTH_TEXT
  const sentence = detail.charAt(0).toUpperCase() + detail.slice(1)
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`
}

/** Texts for the answers both password forms share; `fallback` for anything else. */
export function passwordFailureText(error: Failure, fallback: string): string {
  switch (statusOf(error)) {
    case 400:
      return readableDetail(error)
    case 401:
      return 'Your session has ended. Please log in again.'
    case 429:
      return 'Too many attempts. Please wait a minute and try again.'
    default:
      return fallback
  }
}
