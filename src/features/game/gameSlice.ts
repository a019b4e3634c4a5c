// Placeholder until the practice game lands.
import { createSlice } from '@reduxjs/toolkit'
export const gameSlice = createSlice({ name: 'game', initialState: {}, reducers: {} })
