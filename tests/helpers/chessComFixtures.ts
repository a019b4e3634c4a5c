// chess.com Published-Data API answers in the service's real response shapes
// (https://www.chess.com/news/view/published-data-api): GET /pub/player/{username}, GET /pub/titled/{title}.

import type { ChessPlayer, TitledPlayers } from '@/api/chessDataApi'

/** GET /pub/player/{username}: the app's type plus the fields chess.com always sends and the app ignores. */
export type ChessComPlayerFixture = ChessPlayer & {
  last_online: number
  joined: number
  is_streamer: boolean
  verified: boolean
  league?: string
  streaming_platforms?: string[]
}

/** GET /pub/titled/{title} */
export type ChessComTitledFixture = TitledPlayers

/** chess.com's error body, e.g. for an unknown user (HTTP 404). */
export interface ChessComErrorFixture {
  code: number
  message: string
}

export const CHESS_COM_BASE = 'https://api.chess.com/pub'

export const hikaru: ChessComPlayerFixture = {
  avatar: 'https://images.chesscomfiles.com/uploads/v1/user/15448422.88c010c1.200x200o.3c5619f5441e.png',
  player_id: 15448422,
  '@id': 'https://api.chess.com/pub/player/hikaru',
  url: 'https://www.chess.com/member/Hikaru',
  name: 'Hikaru Nakamura',
  username: 'hikaru',
  title: 'GM',
  followers: 1225729,
  country: 'https://api.chess.com/pub/country/US',
  location: 'Florida',
  last_online: 1763700000,
  joined: 1389043258,
  status: 'premium',
  is_streamer: true,
  verified: false,
  league: 'Legend',
  streaming_platforms: ['twitch'],
}

export const magnuscarlsen: ChessComPlayerFixture = {
  avatar: 'https://images.chesscomfiles.com/uploads/v1/user/3889224.121e2094.200x200o.361c2f8a59c2.png',
  player_id: 3889224,
  '@id': 'https://api.chess.com/pub/player/magnuscarlsen',
  url: 'https://www.chess.com/member/MagnusCarlsen',
  name: 'Magnus Carlsen',
  username: 'magnuscarlsen',
  title: 'GM',
  followers: 474220,
  country: 'https://api.chess.com/pub/country/NO',
  location: 'Oslo',
  last_online: 1763600000,
  joined: 1275901642,
  status: 'premium',
  is_streamer: false,
  verified: false,
}

/** An untitled player without avatar, name or location, as chess.com omits those fields. */
export const plainPlayer: ChessComPlayerFixture = {
  player_id: 99887766,
  '@id': 'https://api.chess.com/pub/player/club_player_42',
  url: 'https://www.chess.com/member/club_player_42',
  username: 'club_player_42',
  followers: 3,
  country: 'https://api.chess.com/pub/country/XX',
  last_online: 1763000000,
  joined: 1600000000,
  status: 'basic',
  is_streamer: false,
  verified: false,
}

/** Players by lower-case username. */
export const chessComPlayers: Record<string, ChessComPlayerFixture> = {
  hikaru,
  magnuscarlsen,
  club_player_42: plainPlayer,
}

/** A long GM list (chess.com lists ~1500 GMs) to exercise long-list rendering. */
export const manyGrandmasters: string[] = [
  'hikaru',
  'magnuscarlsen',
  ...Array.from({ length: 1498 }, (_, i) => `gm_player_${String(i + 1).padStart(4, '0')}`),
]

/** GET /pub/titled/{title} bodies by title; titles absent here answer an empty list. */
export const chessComTitled: Record<string, ChessComTitledFixture> = {
  GM: { players: manyGrandmasters },
  IM: { players: ['danielnaroditsky_im', 'levyrozman'] },
  WFM: { players: ['anna_cramling'] },
}

// The spec's list typed out again on purpose: tests check the app's list against it.
export const CHESS_TITLES = ['GM', 'WGM', 'IM', 'WIM', 'FM', 'WFM', 'NM', 'WNM', 'CM', 'WCM'] as const

export const userNotFound = (username: string): ChessComErrorFixture => ({
  code: 0,
  message: `User "${username}" not found.`,
})

export const providerNotFound = (path: string): ChessComErrorFixture => ({
  code: 0,
  message: `Data provider not found for key "${path}".`,
})
