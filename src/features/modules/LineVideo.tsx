import { lazy, Suspense, useState, type Ref } from 'react'
import { Spinner } from '@/components/Spinner'
import { siteReachable } from '@/features/modules/externalVideo'
import { VIDEO_UNAVAILABLE_TEXT } from '@/features/modules/ModuleVideo'
import type { EditorVideoSource } from '@/features/modules/useEditorVideo'

// react-player and its providers are large: they load only when a video on YouTube or Vimeo is shown.
const ReactPlayer = lazy(() => import('react-player'))

/** What the editor reads of the player: a <video> element, or react-player's media element. */
export type VideoClock = { currentTime: number }

type Props = EditorVideoSource & { clock: Ref<VideoClock | null> }

/**
 * The module's video beside the line editor's board. A file plays in a <video> element; a site's player is drawn on
 * request, once the site answers (its script is never loaded for a URL only being typed).
 */
export function LineVideo({ src, site, clock }: Props) {
  const [shown, setShown] = useState<{ src: string; is: 'checking' | 'ready' | 'failed' } | null>(null)
  const ref = clock as Ref<HTMLVideoElement>
  if (!site) return <video className="line-video" src={src} controls preload="metadata" ref={ref} />
  const state = shown?.src === src ? shown.is : null
  if (state === null)
    return (
      <button
        type="button"
        className="btn"
        onClick={() => {
          setShown({ src, is: 'checking' })
          void siteReachable(site).then((ok) => setShown({ src, is: ok ? 'ready' : 'failed' }))
        }}
      >
        Show the video
      </button>
    )
  if (state === 'checking') return <Spinner label="Loading video..." />
  if (state === 'failed') return <p>{VIDEO_UNAVAILABLE_TEXT}</p>
  return (
    <div className="line-video">
      <Suspense fallback={<Spinner label="Loading video..." />}>
        <ReactPlayer src={src} controls width="100%" height="100%" ref={ref} />
      </Suspense>
    </div>
  )
}
