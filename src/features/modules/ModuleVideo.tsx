import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import type { Module, Video as VideoView } from '@/api/generated/api'
import { useGetVideoQuery } from '@/features/modules/moduleEndpoints'
import { Spinner } from '@/components/Spinner'
import { useFrameTitle } from '@/features/modules/useFrameTitle'
import { useVideoProgress } from '@/features/progress/useVideoProgress'
import { externalSiteOf, siteReachable, type ExternalSite } from '@/features/modules/externalVideo'
import { useVideoClock, type ClockEvent } from '@/features/lines/videoClock'
import { SPEEDS, speedText, usePlaybackSpeed, type Speed } from '@/features/modules/playbackSpeed'
import { formatVideoTime } from '@domain/chess/videoStamps'
import './moduleVideo.css'

// react-player and its providers are large: they load only when a module card shows a video.
const ReactPlayer = lazy(() => import('react-player'))

type Video = {
  src: string
  module: Pick<Module, '_id' | 'courseId' | 'title'>
  /** An uploaded video's WebVTT captions (a signed URL), shown with 'CC'. */
  captions?: string
  /** An uploaded video's poster frame (a signed URL), shown before it plays. */
  poster?: string
  /** An uploaded video's length in seconds, shown under it ('12:34'). */
  length?: number
  /** Whether the caller's position is saved and resumed (not in a free preview of a course not bought). */
  recorded?: boolean
}

/** The captions track of a media element, shown or hidden. */
function showCaptions(media: HTMLMediaElement | null, on: boolean) {
  const track = media?.textTracks?.[0]
  if (track) track.mode = on ? 'showing' : 'hidden'
}

export const VIDEO_UNAVAILABLE_TEXT = 'This video could not be loaded.'

/** In place of a player that cannot load: why, and (for a video on another site) a link to watch it there. */
function Unavailable({ src, site }: { src: string; site: ExternalSite | null }) {
  return (
    <div className="video-unavailable">
      <p>{VIDEO_UNAVAILABLE_TEXT}</p>
      {site && (
        <a href={src} target="_blank" rel="noopener noreferrer">
          Open it on {site.name}
        </a>
      )}
    </div>
  )
}

/**
 * A video whose position is saved and resumed, so a student comes back to where they stopped. A video on another
 * site is drawn once that site answers; one that cannot load says so instead of leaving an empty box.
 */
/** The speed the video plays at, remembered for the next video (playbackSpeed.ts). */
function SpeedPicker({ speed, onChange }: { speed: Speed; onChange: (speed: Speed) => void }) {
  return (
    <label className="video-speed">
      Speed{' '}
      <select value={speed} onChange={(e) => onChange(Number(e.target.value) as Speed)}>
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {speedText(s)}
          </option>
        ))}
      </select>
    </label>
  )
}

/**
 * Whether the video at `src` can play: 'checking' while the site it is on (if another one) is asked, then 'ready',
 * or 'failed' (also set by the player when the video cannot load).
 */
function useSiteCheck(src: string) {
  const site = externalSiteOf(src)
  const [state, setState] = useState<{ src: string; is: 'checking' | 'ready' | 'failed' }>({
    src,
    is: site ? 'checking' : 'ready',
  })
  const current = state.src === src ? state.is : site ? 'checking' : 'ready'
  useEffect(() => {
    if (!site) return
    let live = true
    void siteReachable(site).then((ok) => {
      if (live) setState({ src, is: ok ? 'ready' : 'failed' })
    })
    return () => {
      live = false
    }
  }, [site, src])
  return { site, current, setState }
}

function Player({ src, module, captions, poster, length, recorded = true }: Video) {
  const wrapper = useRef<HTMLDivElement>(null)
  const [speed, setSpeed] = usePlaybackSpeed()
  const media = useRef<HTMLVideoElement | null>(null)
  const [cc, setCc] = useState(false)
  const ccRef = useRef(cc)
  ccRef.current = cc
  const posterRef = useRef(poster)
  posterRef.current = poster
  useEffect(() => {
    if (media.current && poster) media.current.poster = poster
  }, [poster])
  useFrameTitle(wrapper, module.title)
  const progress = useVideoProgress(module._id, module.courseId, recorded)
  // The card's line follows this video: its media element and its time go to the card's clock too.
  const clock = useVideoClock()
  const { site, current, setState } = useSiteCheck(src)
  const progressRef = progress.ref
  const srcRef = useRef(src)
  srcRef.current = src
  const ref = useCallback(
    (el: HTMLVideoElement | null) => {
      progressRef(el)
      clock?.attach(el)
      media.current = el
      showCaptions(el, ccRef.current)
      // react-player passes no poster on: set on the element itself
      if (el && posterRef.current) el.poster = posterRef.current
      // The element starts loading when it is made, before it is on the page; a load that failed that early fired
      // its error while React did not listen yet (an element not yet committed gets no events), so it is read here.
      if (el?.error) setState({ src: srcRef.current, is: 'failed' })
    },
    [progressRef, clock, setState],
  )
  const tell = (event: ClockEvent, then?: () => void) => () => {
    then?.()
    clock?.report(event)
  }

  if (current === 'failed') return <Unavailable src={src} site={site} />
  // one box (a grid cell beside a line's board): the player, and its speed under it
  return (
    <div className="module-video">
      <div className="player-wrapper" ref={wrapper}>
        {current === 'checking' ? (
          <Spinner label="Loading video..." />
        ) : (
          <Suspense fallback={<Spinner label="Loading video..." />}>
            <ReactPlayer
              src={src}
              controls
              width="100%"
              height="100%"
              {...progress}
              ref={ref}
              onTimeUpdate={tell('time', progress.onTimeUpdate)}
              onSeeking={tell('time')}
              onSeeked={tell('time', progress.onSeeked)}
              onPlay={tell('play')}
              onPause={tell('pause', progress.onPause)}
              playbackRate={speed}
              onError={() => setState({ src, is: 'failed' })}
            >
              {captions && <track kind="captions" src={captions} srcLang="en" label="Captions" />}
            </ReactPlayer>
          </Suspense>
        )}
      </div>
      <div className="module-video__controls">
        <SpeedPicker speed={speed} onChange={setSpeed} />
        {length !== undefined && <span className="tag">Length {formatVideoTime(Math.round(length))}</span>}
        {captions && (
          <button
            type="button"
            className="btn"
            aria-pressed={cc}
            title="Captions"
            onClick={() => {
              setCc(!cc)
              showCaptions(media.current, !cc)
            }}
          >
            CC
          </button>
        )}
      </div>
    </div>
  )
}

function UploadedVideo({
  videoId,
  module,
  video,
}: {
  videoId: string
  module: Video['module'] & { videoUrl: string | null }
  video?: VideoView
}) {
  // A free preview comes with its video record: no other read.
  const asked = useGetVideoQuery(video ? skipToken : { videoId })
  const { isLoading, isError } = asked
  const data = video ?? asked.data
  if (isLoading) return <Spinner label="Loading video..." />
  // A video record that cannot be read falls back to the module's URL.
  const src = data?.filePath ?? (isError ? (module.videoUrl ?? '') : '')
  return src ? (
    <Player
      src={src}
      module={module}
      captions={data?.captionsUrl}
      poster={data?.posterUrl}
      length={data?.durationSeconds}
      recorded={!video}
    />
  ) : null
}

/**
 * With a videoId the video record's filePath is played (an uploaded file), otherwise videoUrl. Only modules the server
 * holds (the list's, not one still being added) are shown here.
 */
export function ModuleVideo({
  module,
  preview,
}: {
  module: Pick<Module, '_id' | 'courseId' | 'videoId' | 'videoUrl' | 'title'>
  /** A free preview (getPreviewModule): its video record came with it, and nothing of it is recorded. */
  preview?: { video?: VideoView }
}) {
  if (module.videoId) return <UploadedVideo videoId={module.videoId} module={module} video={preview?.video} />
  return module.videoUrl ? <Player src={module.videoUrl} module={module} recorded={!preview} /> : null
}
