import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { Modal } from '@/components/Modal'
import { Spinner } from '@/components/Spinner'

describe('shared components (keyboard use)', () => {
  it('labels the dialog by its title and focuses its first control', () => {
    render(
      <Modal title="Login Required">
        <button type="button">Login</button>
        <button type="button">Register</button>
      </Modal>,
    )
    expect(screen.getByRole('dialog', { name: 'Login Required' })).toHaveAttribute('aria-modal', 'true')
    expect(screen.getByRole('button', { name: 'Login' })).toHaveFocus()
  })

  it('keeps Tab inside the dialog and closes on Escape', async () => {
    const onClose = vi.fn()
    render(
      <Modal title="T" onClose={onClose}>
        <button type="button">One</button>
        <button type="button">Two</button>
      </Modal>,
    )
    const user = userEvent.setup()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Two' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'One' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Two' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('confirms or cancels with the keyboard', async () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(<ConfirmDialog message="Are you sure?" onConfirm={onConfirm} onCancel={onCancel} />)
    const user = userEvent.setup()
    await user.keyboard('{Enter}')
    expect(onConfirm).toHaveBeenCalledOnce()
    await user.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalledOnce()
  })

  it("announces loading with 'Loading...'", () => {
    render(<Spinner />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
  })
})
