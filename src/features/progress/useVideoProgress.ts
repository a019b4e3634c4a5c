import { useCallback, useEffect, useRef, useState } from 'react'
import { skipToken, type FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { progressApi, useGetMyProgressQuery } from '@/features/progress/progressEndpoints'
import { saveModuleProgressKeepalive } from '@/features/progress/progressKeepalive'
import { isPending } from '@/api/tags'
import { useAppDispatch } from '@/app/hooks'
import { createProgressSaver, type Position, type SaveOutcome } from '@/features/progress/progressSaver'

/** The longest video the server stores a position for (the contract's maximum). */
const MAX_SECONDS = 86_400

/** Where a media element is, when it knows its length (a live stream or a video still loading does not). */
function positionOf(media: HTMLVideoElement | null): Position | null {
  const duration = media?.duration ?? NaN
  if (!media || !Number.isFinite(duration) || duration <= 0 || duration > MAX_SECONDS) return null
  return { positionSeconds: Math.min(Math.max(media.currentTime, 0), duration), durationSeconds: duration }
}

/** Network failures, timeouts and a busy server are worth another try; a refusal is not. */
function outcomeOf(result: { data: unknown } | { error: unknown }): SaveOutcome {
  if ('data' in result) return 'saved'
  const status = (result.error as FetchBaseQueryError | undefined)?.status
  if (typeof status !== 'number') return 'retry'
  return status >= 500 || status === 408 || status === 429 ? 'retry' : 'refused'
}

/**
 * The saved position of one module for the signed-in caller: the player resumes there (once it knows its length
 * and the caller's progress is loaded), and saves while playing, on pause, seek and end, when the page is hidden,
 * and when it goes away. Returns the ref and the event handlers for react-player (uploaded files and YouTube or
 * Vimeo alike: react-player hands each a media element).
 */
export function useVideoProgress(moduleId: string, courseId: string, recorded = true) {
  const dispatch = useAppDispatch()
  // A free preview watched by a non-buyer is not recorded: nothing to resume or save.
  const { loaded, savedAt } = useGetMyProgressQuery(recorded ? undefined : skipToken, {
    selectFromResult: ({ data, isError }) => ({
      loaded: data !== undefined || isError,
      savedAt: data?.find((c) => c.courseId === courseId)?.modules.find((m) => m.moduleId === moduleId)
        ?.positionSeconds,
    }),
  })
  const [saver] = useState(() =>
    createProgressSaver({
      send: async (position, keepalive) => {
        const progressInput = { ...position }
        const result = keepalive
          ? await dispatch(saveModuleProgressKeepalive(moduleId, progressInput))
          : await dispatch(progressApi.endpoints.saveModuleProgress.initiate({ moduleId, progressInput }))
        return outcomeOf(result)
      },
    }),
  )
  const media = useRef<HTMLVideoElement | null>(null)
  // The player's media element arrives after the lazily loaded player renders, and it may know its length
  // before its handlers are in place (its 'loadedmetadata' then never reaches us): its arrival is a moment to
  // resume too.
  const [element, setElement] = useState<HTMLVideoElement | null>(null)
  const ref = useCallback((el: HTMLVideoElement | null) => {
    media.current = el
    setElement(el)
  }, [])
  // A module still being added has no server id: nothing to resume or save yet.
  const resumed = useRef(isPending(moduleId) || !recorded)

  // Resumes once both are known: the player's length and the saved position. A person who already moved the
  // video meanwhile keeps their place.
  const resume = useCallback(() => {
    const at = positionOf(media.current)
    if (resumed.current || !loaded || !at || !media.current) return
    resumed.current = true
    const seekTo =
      savedAt && savedAt > 0 && at.positionSeconds < 1 ? Math.min(savedAt, at.durationSeconds) : null
    if (seekTo !== null) media.current.currentTime = seekTo
    saver.start(seekTo !== null ? { ...at, positionSeconds: seekTo } : null)
  }, [loaded, savedAt, saver])
  useEffect(resume, [resume, element])

  useEffect(() => {
    saver.show()
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') saver.hide()
    }
    document.addEventListener('visibilitychange', onVisibilityChange)
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange)
      saver.stop()
    }
  }, [saver])

  const report = (how: 'tick' | 'mark') => () => {
    // Any event of a player that knows its length may be the first one we hear: resume before reporting it.
    resume()
    const at = positionOf(media.current)
    if (at) saver[how](at)
  }
  return {
    ref,
    onLoadedMetadata: resume,
    onDurationChange: resume,
    onTimeUpdate: report('tick'),
    onPause: report('mark'),
    onSeeked: report('mark'),
    onEnded: report('mark'),
  }
}
