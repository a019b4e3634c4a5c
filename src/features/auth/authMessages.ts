// What the login and registration forms say when the server refuses (issue: every action answers). The
// failure is still logged to the console with every failed call (app/listeners.ts), as the spec says.
import { asSentence, problemDetailOf, problemStatus, TRY_AGAIN_TEXT } from '@/api/problemText'

export const WRONG_LOGIN_TEXT = 'Wrong email or password.'
export const ACCOUNT_CREATED_TEXT = 'Account created. Please log in.'
export const EMAIL_TAKEN_TEXT = 'That email is already registered.'
export const USERNAME_TAKEN_TEXT = 'That username is taken.'
export const USERNAME_RULE_TEXT = '3 to 30 letters, digits, _ and -.'
export const PASSWORD_RULE_TEXT = '8 to 128 characters; not a common password.'

/** The sentence a refused login shows. */
export function loginFailureText(error: unknown): string {
  const status = problemStatus(error)
  if (status === 401) return WRONG_LOGIN_TEXT
  if (status === 429) return problemDetailOf(error) || 'Too many attempts. Please wait and try again.'
  return TRY_AGAIN_TEXT
}

export type RegisterField = 'username' | 'email' | 'password' | 'phoneNumber' | 'form'

/** Where a refused registration's reason belongs, and the sentence. */
export function registerFailure(error: unknown): { field: RegisterField; text: string } {
  const status = problemStatus(error)
  const detail = problemDetailOf(error)
  if (status === 409) {
    if (/username/i.test(detail)) return { field: 'username', text: USERNAME_TAKEN_TEXT }
    return { field: 'email', text: EMAIL_TAKEN_TEXT }
  }
  if (status === 400) {
    if (/password/i.test(detail))
      return { field: 'password', text: /common/i.test(detail) ? asSentence(detail) : PASSWORD_RULE_TEXT }
    if (/username/i.test(detail)) return { field: 'username', text: `Username: ${USERNAME_RULE_TEXT}` }
    if (/email/i.test(detail)) return { field: 'email', text: 'Please enter a valid email address.' }
    if (/phone/i.test(detail)) return { field: 'phoneNumber', text: 'Please enter a valid phone number.' }
  }
  if (status === 429)
    return { field: 'form', text: detail || 'Too many registrations. Please wait and try again.' }
  return { field: 'form', text: TRY_AGAIN_TEXT }
}
