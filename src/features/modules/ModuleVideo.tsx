import { lazy, Suspense, useRef } from 'react'
import type { Module } from '@/api/generated/api'
import { useGetVideoQuery } from '@/features/modules/moduleEndpoints'
import { Spinner } from '@/components/Spinner'
import { useFrameTitle } from '@/features/modules/useFrameTitle'
import { useVideoProgress } from '@/features/progress/useVideoProgress'

// react-player and its providers are large: they load only when a module card shows a video.
const ReactPlayer = lazy(() => import('react-player'))

type Video = { src: string; module: Pick<Module, '_id' | 'courseId' | 'title'> }

/** A video whose position is saved and resumed, so a student comes back to where they stopped. */
function Player({ src, module }: Video) {
  const wrapper = useRef<HTMLDivElement>(null)
  useFrameTitle(wrapper, module.title)
  const progress = useVideoProgress(module._id, module.courseId)
  return (
    <div className="player-wrapper" ref={wrapper}>
      <Suspense fallback={<Spinner label="Loading video..." />}>
        <ReactPlayer src={src} controls width="100%" height="100%" {...progress} />
      </Suspense>
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
