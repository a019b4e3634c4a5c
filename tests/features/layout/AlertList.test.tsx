import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { ALERT_DURATION_MS, AlertList } from '@/features/layout/AlertList'
import { alertShown } from '@/features/layout/alertsSlice'
import { renderWithProviders } from '../../helpers/renderWithProviders'

afterEach(() => vi.useRealTimers())

describe('in-app alerts (accessible alerts instead of native ones)', () => {
  it('announces an alert and dismisses it with the button', async () => {
    const { store, user } = renderWithProviders(<AlertList />)
    act(() => {
      store.dispatch(alertShown('Enrolled successfully!'))
    })
    expect(screen.getByRole('alert')).toHaveTextContent('Enrolled successfully!')
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('dismisses itself after a while', () => {
    vi.useFakeTimers()
    const { store } = renderWithProviders(<AlertList />)
    act(() => {
      store.dispatch(alertShown('Failed to enroll in course.', 'error'))
    })
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to enroll in course.')
    act(() => {
      vi.advanceTimersByTime(ALERT_DURATION_MS)
    })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
