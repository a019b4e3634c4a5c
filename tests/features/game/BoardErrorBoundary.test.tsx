import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BoardErrorBoundary } from '@/features/game/BoardErrorBoundary'

let broken = true
function FlakyBoard() {
  if (broken) throw new Error('board failed to render')
  return <p>Board ready</p>
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('BoardErrorBoundary', () => {
  it('shows "Something went wrong" when the board throws, and tries again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const onRetry = vi.fn()
    render(
      <BoardErrorBoundary onRetry={onRetry}>
        <FlakyBoard />
      </BoardErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong')
    expect(screen.queryByText('Board ready')).not.toBeInTheDocument()
    broken = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(screen.getByText('Board ready')).toBeInTheDocument()
  })

  it('renders the board untouched when nothing breaks', () => {
    broken = false
    render(
      <BoardErrorBoundary>
        <FlakyBoard />
      </BoardErrorBoundary>,
    )
    expect(screen.getByText('Board ready')).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
  })
})
