import { actionFailureText } from '@/api/problemText'
import { ErrorMessage } from '@/components/ErrorMessage'

/**
 * The failure of an action, shown next to the control that started it until the next try: `error` is the
 * mutation's (its hook's `error`, cleared when it is sent again), `failed` what did not happen.
 */
export function ActionError({ error, failed }: { error: unknown; failed: string }) {
  return error ? <ErrorMessage>{actionFailureText(error, failed)}</ErrorMessage> : null
}
