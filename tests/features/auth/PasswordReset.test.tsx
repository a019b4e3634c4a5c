import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import ForgotPasswordPage from '@/features/auth/ForgotPasswordPage'
import LoginPage from '@/features/auth/LoginPage'
import ResetPasswordPage from '@/features/auth/ResetPasswordPage'
import VerifyEmailPage from '@/features/auth/VerifyEmailPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { query, seedUser } from '../../helpers/backend'

const ANSWER = 'If an account uses this email, we sent a link to reset its password.'

/** A mailed link's token for this user, stored as the server stores it (its hash). */
async function linkToken(userId: string, email: string, purpose: 'reset' | 'verify'): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await query(
    `INSERT INTO mail_tokens (token_hash, user_id, purpose, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + interval '1 hour')`,
    [createHash('sha256').update(token).digest('base64url'), userId, purpose, email],
  )
  return token
}

describe('forgot password', () => {
  it("/login links to it: 'Forgot password?'", () => {
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' })
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
  })

  it('answers the same for a known and an unknown email; only the known one gets a mail', async () => {
    seedUser({ username: 'fay', email: 'fay@example.com' })
    for (const email of ['fay@example.com', 'nobody@example.com']) {
      const { user, unmount } = renderWithProviders(<ForgotPasswordPage />, {
        route: '/forgot-password',
        path: '/forgot-password',
      })
      await user.type(screen.getByLabelText('Email'), email)
      await user.click(screen.getByRole('button', { name: 'Send reset link' }))
      expect(await screen.findByRole('status')).toHaveTextContent(ANSWER)
      unmount()
    }
    const mails = await query<{ to_address: string }>(
      "SELECT to_address FROM mail_outbox WHERE kind = 'reset'",
    )
    expect(mails).toEqual([{ to_address: 'fay@example.com' }])
  })
})

describe('reset password', () => {
  it('asks for the new password twice, and says it was changed', async () => {
    const gil = seedUser({ username: 'gil', email: 'gil@example.com' })
    const token = await linkToken(gil._id, gil.email, 'reset')
    const { user } = renderWithProviders(<ResetPasswordPage />, {
      route: `/reset-password?token=${token}`,
      path: '/reset-password',
    })
    await user.type(screen.getByLabelText('New password'), 'fianchetto-bishop')
    await user.type(screen.getByLabelText('New password again'), 'fianchetto-bishoq')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The new passwords do not match.')
    await user.clear(screen.getByLabelText('New password again'))
    await user.type(screen.getByLabelText('New password again'), 'fianchetto-bishop')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed. Please log in.')
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
  })

  it('says an old link expired, with a way to ask again', async () => {
    const { user } = renderWithProviders(<ResetPasswordPage />, {
      route: `/reset-password?token=${'A'.repeat(43)}`,
      path: '/reset-password',
    })
    await user.type(screen.getByLabelText('New password'), 'fianchetto-bishop')
    await user.type(screen.getByLabelText('New password again'), 'fianchetto-bishop')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText('This link has expired or was already used.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })
})

describe('verify email', () => {
  it("follows the link as the page opens: 'Email verified.'", async () => {
    const hal = seedUser({ username: 'hal', email: 'hal@example.com' })
    const token = await linkToken(hal._id, hal.email, 'verify')
    renderWithProviders(<VerifyEmailPage />, { route: `/verify-email?token=${token}`, path: '/verify-email' })
    expect(await screen.findByText('Email verified.')).toHaveAttribute('role', 'status')
    const [row] = await query<{ verified: boolean }>(
      "SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE username = 'hal'",
    )
    expect(row.verified).toBe(true)
  })
})
