import { lazy, Suspense } from 'react'
import type { Module } from '@/api/generated/api'
import { useGetVideoQuery } from '@/api/enhancedApi'
import { Spinner } from '@/components/Spinner'

// react-player and its providers are large: they load only when a module card shows a video.
const ReactPlayer = lazy(() => import('react-player'))

function Player({ src }: { src: string }) {
  return (
    <div className="player-wrapper">
      <Suspense fallback={<Spinner label="Loading video..." />}>
        <ReactPlayer src={src} controls width="100%" height="100%" />
      </Suspense>
    </div>
  )
}

function UploadedVideo({ videoId, fallback }: { videoId: string; fallback: string }) {
  const { data, isLoading, isError } = useGetVideoQuery({ videoId })
  if (isLoading) return <Spinner label="Loading video..." />
  // A video record that cannot be read falls back to the module's URL.
  const src = data?.filePath ?? (isError ? fallback : '')
  return src ? <Player src={src} /> : null
}

/** Spec §4: with a videoId the video record's filePath is played, otherwise videoUrl. */
export function ModuleVideo({ module }: { module: Pick<Module, 'videoId' | 'videoUrl'> }) {
  if (module.videoId) return <UploadedVideo videoId={module.videoId} fallback={module.videoUrl} />
  return module.videoUrl ? <Player src={module.videoUrl} /> : null
}
