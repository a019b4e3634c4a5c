import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LoadError } from '@/components/LoadError'

describe('LoadError', () => {
  it('announces the message as an alert with a Retry button', () => {
    render(<LoadError message="The courses could not be loaded." onRetry={() => undefined} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The courses could not be loaded.')
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveAttribute('type', 'button')
  })

  it('calls onRetry once per press, by mouse or keyboard', async () => {
    const onRetry = vi.fn()
    const user = userEvent.setup()
    render(<LoadError message="Your cart could not be loaded." onRetry={onRetry} />)
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
    screen.getByRole('button', { name: 'Retry' }).focus()
    await user.keyboard('{Enter}')
    expect(onRetry).toHaveBeenCalledTimes(2)
  })
})
