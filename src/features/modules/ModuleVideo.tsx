import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { Module } from '@/api/generated/api'
import { useGetVideoQuery } from '@/features/modules/moduleEndpoints'
import { Spinner } from '@/components/Spinner'
import { useFrameTitle } from '@/features/modules/useFrameTitle'
import { useVideoProgress } from '@/features/progress/useVideoProgress'
import { externalSiteOf, siteReachable, type ExternalSite } from '@/features/modules/externalVideo'
import './moduleVideo.css'

// react-player and its providers are large: they load only when a module card shows a video.
const ReactPlayer = lazy(() => import('react-player'))

type Video = { src: string; module: Pick<Module, '_id' | 'courseId' | 'title'> }

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
function Player({ src, module }: Video) {
  const wrapper = useRef<HTMLDivElement>(null)
  useFrameTitle(wrapper, module.title)
  const progress = useVideoProgress(module._id, module.courseId)
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

  if (current === 'failed') return <Unavailable src={src} site={site} />
  return (
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
            onError={() => setState({ src, is: 'failed' })}
          />
        </Suspense>
      )}
    </div>
  )
}

function UploadedVideo({
  videoId,
  module,
}: {
  videoId: string
  module: Video['module'] & { videoUrl: string }
}) {
  const { data, isLoading, isError } = useGetVideoQuery({ videoId })
  if (isLoading) return <Spinner label="Loading video..." />
  // A video record that cannot be read falls back to the module's URL.
  const src = data?.filePath ?? (isError ? module.videoUrl : '')
  return src ? <Player src={src} module={module} /> : null
}

/**
 * With a videoId the video record's filePath is played (an uploaded file), otherwise videoUrl. Only modules the server
 * holds (the list's, not one still being added) are shown here.
 */
export function ModuleVideo({
  module,
}: {
  module: Pick<Module, '_id' | 'courseId' | 'videoId' | 'videoUrl' | 'title'>
}) {
  if (module.videoId) return <UploadedVideo videoId={module.videoId} module={module} />
  return module.videoUrl ? <Player src={module.videoUrl} module={module} /> : null
}
