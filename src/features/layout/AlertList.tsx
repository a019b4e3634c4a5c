import { useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { alertDismissed, selectAlerts, type AppAlert } from '@/features/layout/alertsSlice'

/** How long an in-app alert stays before it dismisses itself. */
export const ALERT_DURATION_MS = 6000

function AlertItem({ alert }: { alert: AppAlert }) {
  const dispatch = useAppDispatch()
  useEffect(() => {
    const timer = setTimeout(() => dispatch(alertDismissed(alert.id)), ALERT_DURATION_MS)
    return () => clearTimeout(timer)
  }, [alert.id, dispatch])
  return (
    <div className={`alert alert--${alert.kind}`} role="alert">
      <span>{alert.text}</span>
      <button
        type="button"
        className="alert__close"
        aria-label="Dismiss"
        onClick={() => dispatch(alertDismissed(alert.id))}
      >
        ×
      </button>
    </div>
  )
}

export function AlertList() {
  const alerts = useAppSelector(selectAlerts)
  return (
    <div className="alerts">
      {alerts.map((a) => (
        <AlertItem key={a.id} alert={a} />
      ))}
    </div>
  )
}
