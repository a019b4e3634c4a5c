import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import ProfilePage from '@/features/profile/ProfilePage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { query, seedUser, sessionOf } from '../../helpers/backend'

const section = () => within(screen.getByRole('region', { name: 'Email settings' }))

describe("one's email on one's own profile", () => {
  it("says 'Email not verified' with 'Send again', which mails a new link", async () => {
    const ivy = seedUser({ username: 'ivy', email: 'ivy@example.com' })
    const { user } = renderWithProviders(<ProfilePage />, {
      route: '/profile',
      path: '/profile',
      preloadedState: { auth: sessionOf(ivy) },
    })
    expect(await screen.findByText('Email not verified')).toBeInTheDocument()
    await user.click(section().getByRole('button', { name: 'Send again' }))
    expect(await section().findByText('We sent a new link to your email.')).toBeInTheDocument()
    const mails = await query<{ to_address: string }>(
      "SELECT to_address FROM mail_outbox WHERE kind = 'verify'",
    )
    expect(mails).toEqual([{ to_address: 'ivy@example.com' }])
  })

  it("'Email me when lines are due for review' is off by default and saved when ticked", async () => {
    const jo = seedUser({ username: 'joe' })
    await query("UPDATE users SET email_verified_at = now() WHERE username = 'joe'")
    const { user } = renderWithProviders(<ProfilePage />, {
      route: '/profile',
      path: '/profile',
      preloadedState: { auth: sessionOf(jo) },
    })
    const box = await section().findByRole('checkbox', { name: 'Email me when lines are due for review' })
    await waitFor(() => expect(box).toBeEnabled())
    expect(box).not.toBeChecked()
    expect(screen.queryByText('Email not verified')).not.toBeInTheDocument()
    await user.click(box)
    await waitFor(() => expect(box).toBeChecked())
    const [row] = await query<{ review_reminders: boolean }>(
      "SELECT review_reminders FROM users WHERE username = 'joe'",
    )
    expect(row.review_reminders).toBe(true)
  })

  it('asks to change the email with the current password; the new address waits for its link', async () => {
    const kim = seedUser({ username: 'kim', password: 'kims-password-1' })
    const { user } = renderWithProviders(<ProfilePage />, {
      route: '/profile',
      path: '/profile',
      preloadedState: { auth: sessionOf(kim) },
    })
    await user.type(await section().findByLabelText('New email'), 'kim.new@example.com')
    await user.type(section().getByLabelText('Current password'), 'wrong-password-9')
    await user.click(section().getByRole('button', { name: 'Change email' }))
    expect(await section().findByRole('alert')).toHaveTextContent('The current password is wrong.')
    await user.clear(section().getByLabelText('Current password'))
    await user.type(section().getByLabelText('Current password'), 'kims-password-1')
    await user.click(section().getByRole('button', { name: 'Change email' }))
    expect(
      await section().findByText('We sent a link to the new address. Your email changes once you follow it.'),
    ).toBeInTheDocument()
    expect(
      await section().findByText(
        'Waiting for kim.new@example.com to be confirmed: follow the link we mailed there.',
      ),
    ).toBeInTheDocument()
  })
})
