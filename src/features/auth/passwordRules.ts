// Client-side password rules (8 to 128 characters, as the contract says) and readable texts for the server's
// answers to a password change or reset. Passwords themselves are never logged or shown.
import { asSentence, isValidatorDetail, problemDetailOf, problemStatus } from '@/api/problemText'

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

/** The server's problem detail as a sentence; a raw schema message becomes the length rule. */
export function readableDetail(error: unknown): string {
  const detail = problemDetailOf(error)
  return !detail || isValidatorDetail(detail) ? PASSWORD_LENGTH_TEXT : asSentence(detail)
}

/** Texts for the answers both password forms share; `fallback` for anything else. */
export function passwordFailureText(error: unknown, fallback: string): string {
  switch (problemStatus(error)) {
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
