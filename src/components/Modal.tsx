import { useEffect, useId, useRef } from 'react'

type Props = { title: string; children: React.ReactNode; onClose?: () => void }

/** A modal dialog: labelled by its title, focus moves inside, Escape closes it when it may close. */
export function Modal({ title, children, onClose }: Props) {
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('button, a, input')?.focus()
  }, [])
  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onClose) onClose()
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  )
}
