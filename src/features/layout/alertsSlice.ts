import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit'

export type AlertKind = 'success' | 'error'
export type AppAlert = { id: string; text: string; kind: AlertKind }

/** In-app alerts (the spec's 'Enrolled successfully!' and friends), newest last. */
export const alertsSlice = createSlice({
  name: 'alerts',
  initialState: [] as AppAlert[],
  reducers: {
    alertShown: {
      reducer: (state, action: PayloadAction<AppAlert>) => {
        state.push(action.payload)
      },
      prepare: (text: string, kind: AlertKind = 'success') => ({ payload: { id: nanoid(), text, kind } }),
    },
    alertDismissed: (state, action: PayloadAction<string>) => state.filter((a) => a.id !== action.payload),
  },
})

export const { alertShown, alertDismissed } = alertsSlice.actions
export const selectAlerts = (state: { alerts: AppAlert[] }) => state.alerts
