import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import UnsubscribePage from '@/features/auth/UnsubscribePage'
import { unsubscribeSignature } from '../../../server/services/mail/tokens'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { query, seedUser, startBackend } from '../../helpers/backend'

const reminders = async (username: string) =>
  (
    await query<{ on: boolean }>('SELECT review_reminders AS on FROM users WHERE username = $1', [username])
  )[0].on

describe('/unsubscribe', () => {
  it("turns the review reminders off without signing in: 'You will get no more review reminders.'", async () => {
    const lea = seedUser({ username: 'lea' })
    await query("UPDATE users SET review_reminders = true WHERE username = 'lea'")
    const sig = unsubscribeSignature((await startBackend()).config.jwtSecret, lea._id)
    const { user } = renderWithProviders(<UnsubscribePage />, {
      route: `/unsubscribe?user=${lea._id}&sig=${sig}`,
      path: '/unsubscribe',
    })
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByRole('status')).toHaveTextContent('You will get no more review reminders.')
    expect(await reminders('lea')).toBe(false)
  })

  it('says a forged link is not valid, and changes nothing', async () => {
    const max = seedUser({ username: 'max' })
    await query("UPDATE users SET review_reminders = true WHERE username = 'max'")
    const { user } = renderWithProviders(<UnsubscribePage />, {
      route: `/unsubscribe?user=${max._id}&sig=${'A'.repeat(43)}`,
      path: '/unsubscribe',
    })
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeInTheDocument()
    expect(await reminders('max')).toBe(true)
  })
})
