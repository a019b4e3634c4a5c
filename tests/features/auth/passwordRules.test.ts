import { describe, expect, it } from 'vitest'
import { newPasswordProblem, passwordFailureText, readableDetail } from '@/features/auth/passwordRules'

const problem = (status: number, detail?: string) => ({
  status,
  data: { type: 'about:blank', title: 'x', status, ...(detail ? { detail } : {}) },
})

describe('password rules (8 to 128 characters) and readable refusals', () => {
  it('checks the length in characters, as the server does, and the repetition', () => {
    expect(newPasswordProblem('a'.repeat(8))).toBeNull()
    expect(newPasswordProblem('a'.repeat(128))).toBeNull()
    expect(newPasswordProblem('a'.repeat(7))).toBe('The new password must be 8 to 128 characters.')
    expect(newPasswordProblem('a'.repeat(129))).toBe('The new password must be 8 to 128 characters.')
    // Eight characters, sixteen UTF-16 code units.
    expect(newPasswordProblem('♞'.repeat(4) + '🐴'.repeat(4))).toBeNull()
    expect(newPasswordProblem('🐴'.repeat(7))).toBe('The new password must be 8 to 128 characters.')
    expect(newPasswordProblem('long-enough-1', 'long-enough-2')).toBe('The new passwords do not match.')
  })

  it("turns a problem's detail into a sentence, never a raw schema message", () => {
    expect(readableDetail(problem(400, 'this password is too common; choose a less common one'))).toBe(
      'This password is too common; choose a less common one.',
    )
    expect(readableDetail(problem(400, 'Too weak.'))).toBe('Too weak.')
    expect(readableDetail(problem(400, 'body/newPassword must NOT have fewer than 8 characters'))).toBe(
      'The new password must be 8 to 128 characters.',
    )
    expect(readableDetail(problem(400))).toBe('The new password must be 8 to 128 characters.')
  })

  it('words 401, 429 and anything else', () => {
    expect(passwordFailureText(problem(401), 'fallback')).toBe('Your session has ended. Please log in again.')
    expect(passwordFailureText(problem(429), 'fallback')).toBe(
      'Too many attempts. Please wait a minute and try again.',
    )
    expect(passwordFailureText({ status: 'FETCH_ERROR', error: 'TypeError' }, 'fallback')).toBe('fallback')
    expect(passwordFailureText(problem(500), 'fallback')).toBe('fallback')
  })
})
