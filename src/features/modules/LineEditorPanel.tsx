import { memo, useCallback, useMemo, useRef } from 'react'
import type { ParsedLine } from '@domain/chess/pgn'
import type { ModuleLine } from '@/api/generated/api'
import { LineEditor } from '@/features/lines/LineEditor'
import { LineVideo, type VideoClock } from '@/features/modules/LineVideo'
import { useEditorVideo } from '@/features/modules/useEditorVideo'

type Props = {
  pgn: string
  parsed: ParsedLine | null
  onPgn: (text: string) => void
  side: ModuleLine['side']
  /** The form's video: what it plays beside the board. */
  videoUrl: string
  file: File | null
  videoId?: string | null
  savedUrl?: string
}

/** The module form's line editor with the module's video beside its board (loaded when the form opens). */
function LineEditorPanel({ videoUrl, file, videoId, savedUrl, ...line }: Props) {
  const video = useEditorVideo({ videoUrl, file, videoId, savedUrl })
  const clock = useRef<VideoClock | null>(null)
  const src = video?.src
  const site = video?.site ?? null
  // The same player while the other fields are typed in: the board and the video are not drawn again.
  const player = useMemo(() => src && <LineVideo src={src} site={site} clock={clock} />, [src, site])
  // Null while a site's player is not drawn yet ('Show the video'): nothing to stamp with.
  const second = useCallback(() => clock.current?.currentTime ?? null, [])
  return <LineEditor {...line} video={player} videoSecond={src ? second : null} />
}

export default memo(LineEditorPanel)
