// The second a module's video is at, shared by its player and its line on one module card. A small store outside
// React: the player reports every timeupdate here, and a reader subscribes to what it derives (the move at that
// second), so a card re-renders when the board has to change, not four times a second.
import { createContext, useContext } from 'react'

/** What the clock uses of the player's media element (an uploaded file's <video>, or YouTube's and Vimeo's). */
export type ClockMedia = Pick<HTMLMediaElement, 'currentTime' | 'paused' | 'play' | 'pause'>

/** 'time': the second changed (played, seeked, scrubbed); 'play' and 'pause': the video started or stopped. */
export type ClockEvent = 'time' | 'play' | 'pause'

export interface VideoClock {
  /** The video's second, as last reported. */
  seconds: () => number
  subscribe: (listener: (event: ClockEvent) => void) => () => void
  /** The player's media element, or null once it goes. */
  attach: (media: ClockMedia | null) => void
  /** The player tells what happened; the second is read from its media element. */
  report: (event: ClockEvent) => void
  seek: (seconds: number) => void
  pause: () => void
  play: () => void
}

export function createVideoClock(): VideoClock {
  let media: ClockMedia | null = null
  let seconds = 0
  const listeners = new Set<(event: ClockEvent) => void>()
  const emit = (event: ClockEvent) => {
    for (const listener of [...listeners]) listener(event)
  }
  return {
    seconds: () => seconds,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    attach(element) {
      media = element
    },
    report(event) {
      const at = media?.currentTime
      if (typeof at === 'number' && Number.isFinite(at)) seconds = at
      emit(event)
    },
    seek(to) {
      if (!media) return
      media.currentTime = to
      // The board moves at once; the player's 'seeked' confirms it when the video gets there.
      seconds = to
      emit('time')
    },
    pause() {
      if (media && !media.paused) media.pause()
    },
    play() {
      // A refused play (no user gesture yet, the video gone) leaves the video paused; the student presses play.
      void Promise.resolve(media?.play()).catch(() => undefined)
    },
  }
}

/** The clock of the module card around, if it has a video its line follows. */
export const VideoClockContext = createContext<VideoClock | null>(null)

export const useVideoClock = () => useContext(VideoClockContext)
