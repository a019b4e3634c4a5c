// A stand-in for react-player whose media element the test drives: react-player hands the app a media element
// (its ref) and the element's events (onLoadedMetadata, onTimeUpdate, onPause, ...); here both are the test's.
// Use with `vi.mock('react-player', () => import('./fakePlayer'))`.
import { act, useImperativeHandle, useState, type Ref } from 'react'

/** What the app reads and writes on the media element; play() and pause() fire their events, as a video does. */
export type FakeMedia = {
  currentTime: number
  duration: number
  paused: boolean
  play: () => Promise<void>
  pause: () => void
}

type Handler = () => void
type Props = {
  src?: string
  ref?: Ref<unknown>
  playbackRate?: number
  onLoadedMetadata?: Handler
  onDurationChange?: Handler
  onTimeUpdate?: Handler
  onPlay?: Handler
  onPause?: Handler
  onSeeking?: Handler
  onSeeked?: Handler
  onEnded?: Handler
}

const players = new Map<string, { media: FakeMedia; props: Props }>()
/** The handlers of the player's latest render. */
const current = (src: string | undefined) => (src ? players.get(src)?.props : undefined)
/** Lengths a video knows already when its player first renders (metadata from the browser's cache). */
const known = new Map<string, number>()

export default function FakePlayer(props: Props) {
  const [media] = useState<FakeMedia>(() => ({
    currentTime: 0,
    duration: (props.src ? known.get(props.src) : undefined) ?? NaN,
    paused: true,
    play() {
      media.paused = false
      current(props.src)?.onPlay?.()
      return Promise.resolve()
    },
    pause() {
      media.paused = true
      current(props.src)?.onPause?.()
    },
  }))
  if (props.src) players.set(props.src, { media, props })
  useImperativeHandle(props.ref, () => media, [media])
  return (
    <div
      role="region"
      aria-label="Video player"
      data-src={props.src}
      data-playback-rate={props.playbackRate ?? 1}
    />
  )
}

/** The player showing `src`: its media element, and the events a real one would fire. */
export function player(src: string) {
  const found = players.get(src)
  if (!found) throw new Error(`no player shows ${src}`)
  const { media } = found
  const fire = (event: Exclude<keyof Props, 'src' | 'ref' | 'playbackRate'>) =>
    act(() => players.get(src)?.props[event]?.())
  return {
    media,
    /** The video's metadata arrived: its length is known. */
    load(duration: number) {
      media.duration = duration
      fire('onLoadedMetadata')
    },
    /** The length became known, but its event did not reach the page (fired before the handlers were in place). */
    learnLengthSilently(duration: number) {
      media.duration = duration
    },
    /** Playback moved on to `second` (timeupdate). */
    playTo(second: number) {
      media.currentTime = second
      fire('onTimeUpdate')
    },
    pause: () => fire('onPause'),
    /** The student pressed the player's play button. */
    play: () => act(() => void found.media.play()),
    seek(second: number) {
      media.currentTime = second
      fire('onSeeked')
    },
    end() {
      media.currentTime = media.duration
      fire('onEnded')
    },
  }
}

/** The video at `src` will know its length from its first render, without any event saying so. */
export function knowLengthAtStart(src: string, duration: number) {
  known.set(src, duration)
}

export const forgetPlayers = () => {
  players.clear()
  known.clear()
}
