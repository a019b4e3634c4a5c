// msw handlers answering chess.com's Published-Data API with the fixtures (real response shapes).
import { http, HttpResponse, type HttpHandler } from 'msw'
import { config } from '@/app/config'
import {
  CHESS_TITLES,
  chessComPlayers,
  chessComTitled,
  providerNotFound,
  userNotFound,
} from './chessComFixtures'

const base = config.chessDataUrl.replace(/\/$/, '')

export const chessComHandlers: HttpHandler[] = [
  http.get(`${base}/player/:username`, ({ params }) => {
    const username = String(params.username)
    const player = chessComPlayers[username.toLowerCase()]
    return player ? HttpResponse.json(player) : HttpResponse.json(userNotFound(username), { status: 404 })
  }),
  http.get(`${base}/titled/:title`, ({ params }) => {
    const title = String(params.title)
    if (!(CHESS_TITLES as readonly string[]).includes(title)) {
      return HttpResponse.json(providerNotFound(`/pub/titled/${title}`), { status: 404 })
    }
    return HttpResponse.json(chessComTitled[title] ?? { players: [] })
  }),
]
