// Placeholder until the chess.com API slice lands.
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import { config } from '@/app/config'
export const chessDataApi = createApi({
  reducerPath: 'chessDataApi',
  baseQuery: fetchBaseQuery({ baseUrl: config.chessDataUrl }),
  endpoints: () => ({}),
})
