import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { ParsedLine } from '@domain/chess/pgn'
import { nodeAtSecond, stampedMoves } from '@domain/chess/videoStamps'
import type { VideoClock } from '@/features/lines/videoClock'
import { START } from '@/features/lines/lineNavigation'

/** A line following its module's video: what the line viewer and the question need. */
export interface VideoFollow {
  /** The board follows the video (the default, and again whenever the video starts playing). */
  following: boolean
  setFollowing: (on: boolean) => void
  /** The move at the video's second: the last stamped move at or before it (the start before the first). */
  node: number
  /** The video's second of a stamped move. */
  secondOf: (id: number) => number | undefined
  /** Seeks the video to a stamped move, and follows it. */
  seek: (id: number) => void
  /** The `[%vt-ask]` move the video paused on, waiting for the student; null when none. */
  question: number | null
  /** 'Continue': the question is closed and the video plays on. */
  resume: () => void
}

const noClock = () => () => undefined

/**
 * The line `line` follows `clock`'s video when it has stamped moves and the card has a video; null otherwise. The
 * card re-renders when the move at the video's second changes, not at every timeupdate.
 */
export function useFollowVideo(line: ParsedLine | null, clock: VideoClock | null): VideoFollow | null {
  const stamps = useMemo(() => (line ? stampedMoves(line) : []), [line])
  const [following, setFollowing] = useState(true)
  const [asked, setAsked] = useState<number | null>(null)
  const node = useSyncExternalStore(clock ? clock.subscribe : noClock, () =>
    clock ? nodeAtSecond(stamps, clock.seconds()) : START,
  )
  const followingNow = useRef(following)
  useEffect(() => {
    followingNow.current = following
  }, [following])

  useEffect(() => {
    if (!clock) return
    let before = clock.seconds()
    return clock.subscribe((event) => {
      const now = clock.seconds()
      if (event === 'play') {
        // The student plays the video (or pressed 'Continue'): the board follows it again.
        setAsked(null)
        setFollowing(true)
      } else if (event === 'time' && followingNow.current) {
        // A question is asked when the video reaches its move (played or sought to), not when it jumps past it.
        const at = nodeAtSecond(stamps, now)
        const ask = stamps.find((s) => s.ask && s.id === at && before < s.seconds && s.seconds <= now)
        if (ask) {
          clock.pause()
          setAsked(ask.id)
        }
      }
      before = now
    })
  }, [clock, stamps])

  const bySecond = useMemo(() => new Map(stamps.map((s) => [s.id, s.seconds])), [stamps])
  const secondOf = useCallback((id: number) => bySecond.get(id), [bySecond])
  const seek = useCallback(
    (id: number) => {
      const at = bySecond.get(id)
      if (at === undefined || !clock) return
      setFollowing(true)
      clock.seek(at)
    },
    [bySecond, clock],
  )
  const resume = useCallback(() => {
    setAsked(null)
    clock?.play()
  }, [clock])

  if (!clock || stamps.length === 0) return null
  return {
    following,
    setFollowing,
    node,
    secondOf,
    seek,
    // The question holds while the board is still at its move.
    question: following && asked === node ? asked : null,
    resume,
  }
}
