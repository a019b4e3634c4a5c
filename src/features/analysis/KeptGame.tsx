import { skipToken } from '@reduxjs/toolkit/query'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useAppSelector } from '@/app/hooks'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Spinner } from '@/components/Spinner'
import { selectToken } from '@/features/auth/authSlice'
import { useGetGameQuery } from '@/features/game/gamesEndpoints'
import { readLastGame } from '@/features/game/lastGame'
import type { Side } from '@domain/chess/vocabulary'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * /analysis?game={id} opens one of the player's kept games ('My games'), also after a reload; without it, a
 * visitor's last game kept in this browser is offered as 'Your last game'.
 */
export function KeptGame({
  onOpen,
}: {
  /** Hears the game's PGN, and for a kept game its id and the side the player played. */
  onOpen: (pgn: string, kept?: { id: string; colour: Side }) => void
}) {
  const [params] = useSearchParams()
  const gameId = params.get('game')
  const token = useAppSelector(selectToken)
  const wanted = gameId !== null && UUID.test(gameId) && token ? { gameId } : skipToken
  const { data, isLoading, isError } = useGetGameQuery(wanted)
  const opened = useRef<string | null>(null)
  const [last] = useState(readLastGame)

  useEffect(() => {
    if (!data || opened.current === data._id) return
    opened.current = data._id
    onOpen(data.pgn, { id: data._id, colour: data.colour })
  }, [data, onOpen])

  if (gameId !== null) {
    if (!token) return <p className="muted">Log in to open your kept game.</p>
    if (isLoading) return <Spinner />
    if (isError || wanted === skipToken) return <ErrorMessage>This game could not be opened.</ErrorMessage>
    return null
  }
  if (!last) return null
  return (
    <button type="button" className="btn" onClick={() => onOpen(last.pgn)}>
      Your last game
    </button>
  )
}
