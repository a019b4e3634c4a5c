import { useEffect, useId, useRef } from 'react'
import { trapTab } from '@/components/focusTrap'

type Props = { title: string; children: React.ReactNode; onClose?: () => void }

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), textarea, select'

/**
 * A modal dialog labelled by its title. Focus moves inside, Tab cycles within it, Escape closes it
 * when it may close, and focus returns to where it was.
 */
export function Modal({ title, children, onClose }: Props) {
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    ref.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    return () => previous?.focus?.()
  }, [])

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape' && onClose) onClose()
    trapTab(e, ref.current, FOCUSABLE)
  }

  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  )
}
