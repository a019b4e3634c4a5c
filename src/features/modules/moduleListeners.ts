// A module change shows at once (optimistic updates in moduleEndpoints.ts and, for a completion,
// progressEndpoints.ts); a refusal rolls it back and says so.
import { isAnyOf } from '@reduxjs/toolkit'
import { api } from '@/api/api'
import type { AppStartListening } from '@/app/listeners'
import { alertShown } from '@/features/layout/alertsSlice'

export const MODULE_ROLLBACK_TEXT = 'The module change was refused by the server and has been undone.'
export const COMPLETION_ROLLBACK_TEXT = 'Your progress could not be saved; the module is shown as before.'

export function registerModuleListeners(startListening: AppStartListening) {
  startListening({
    matcher: isAnyOf(
      api.endpoints.createModule.matchRejected,
      api.endpoints.updateModule.matchRejected,
      api.endpoints.deleteModule.matchRejected,
      api.endpoints.reorderModules.matchRejected,
    ),
    effect: (_action, { dispatch }) => {
      dispatch(alertShown(MODULE_ROLLBACK_TEXT, 'error'))
    },
  })
  // 'Mark as complete' and 'Mark as not complete' show at once; a refusal rolls back and says so.
  startListening({
    matcher: api.endpoints.setModuleCompletion.matchRejected,
    effect: (_action, { dispatch }) => {
      dispatch(alertShown(COMPLETION_ROLLBACK_TEXT, 'error'))
    },
  })
}
