import { Modal } from '@/components/Modal'

type Props = { message: string; onConfirm: () => void; onCancel: () => void }

/** The in-app replacement for window.confirm. */
export function ConfirmDialog({ message, onConfirm, onCancel }: Props) {
  return (
    <Modal title="Please confirm" onClose={onCancel}>
      <p>{message}</p>
      <div className="row">
        <button type="button" className="btn btn--danger" onClick={onConfirm}>
          OK
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  )
}
