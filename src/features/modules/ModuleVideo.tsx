import { lazy, Suspense, useRef } from 'react'
import type { Module } from '@/api/generated/api'
import { useGetVideoQuery } from '@/api/enhancedApi'
import { Spinner } from '@/components/Spinner'
import { useFrameTitle } from '@/features/modules/useFrameTitle'

// react-player and its providers are large: they load only when a module card shows a video.
const ReactPlayer = lazy(() => import('react-player'))

function Player({ src, title }: { src: string; title: string }) {
  const wrapper = useRef<HTMLDivElement>(null)
  useFrameTitle(wrapper, title)
  return (
    <div className="player-wrapper" ref={wrapper}>
      <Suspense fallback={<Spinner label="Loading video..." />}>
        <ReactPlayer src={src} controls width="100%" height="100%" />
      </Suspense>
    </div>
  )
}

function UploadedVideo({ videoId, fallback, title }: { videoId: string; fallback: string; title: string }) {
  const { data, isLoading, isError } = useGetVideoQuery({ videoId })
  if (isLoading) return <Spinner label="Loading video..." />
  // A video record that cannot be read falls back to the module's URL.
  const src = data?.filePath ?? (isError ? fallback : '')
  return src ? <Player src={src} title={title} /> : null
}

/** Spec §4: with a videoId the video record's filePath is played, otherwise videoUrl. */
export function ModuleVideo({ module }: { module: Pick<Module, 'videoId' | 'videoUrl' | 'title'> }) {
  if (module.videoId)
    return <UploadedVideo videoId={module.videoId} fallback={module.videoUrl} title={module.title} />
  return module.videoUrl ? <Player src={module.videoUrl} title={module.title} /> : null
}
