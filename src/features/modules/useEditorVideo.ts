import { skipToken } from '@reduxjs/toolkit/query'
import { useEffect, useState } from 'react'
import { useGetVideoQuery } from '@/features/modules/moduleEndpoints'
import { externalSiteOf, type ExternalSite } from '@/features/modules/externalVideo'
import { isPlayableVideoUrl, normalizedVideoUrl } from '@/features/modules/moduleFormRules'

/** The video the line editor plays beside its board: a file, or a site's player (YouTube, Vimeo). */
export type EditorVideoSource = { src: string; site: ExternalSite | null }

type Input = {
  /** The URL typed in the form. */
  videoUrl: string
  /** A file chosen in the form, not uploaded yet: played from this browser. */
  file: File | null
  /** An uploaded video (the module's, or one uploaded before the server refused the module). */
  videoId?: string | null
  /** The URL the module was saved with: with an upload, a path without its signature, which does not play. */
  savedUrl?: string
}

/** The module form's video, as the form stands: the file chosen, else the upload kept, else the URL typed. */
export function useEditorVideo({ videoUrl, file, videoId, savedUrl }: Input): EditorVideoSource | null {
  const fileUrl = useObjectUrl(file)
  const url = videoUrl.trim()
  const useUpload = !!videoId && !file && (!url || url === savedUrl)
  const uploaded = useGetVideoQuery(useUpload && videoId ? { videoId } : skipToken)
  if (fileUrl) return { src: fileUrl, site: null }
  if (useUpload && uploaded.data) return { src: uploaded.data.filePath, site: null }
  if (url && isPlayableVideoUrl(url)) return { src: normalizedVideoUrl(url), site: externalSiteOf(url) }
  return null
}

/** A URL this page plays `file` from, revoked when the file changes or the form closes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<{ file: File; url: string } | null>(null)
  useEffect(() => {
    // jsdom has no object URLs; a browser always does.
    if (!file || typeof URL.createObjectURL !== 'function') return
    const made = { file, url: URL.createObjectURL(file) }
    setUrl(made)
    return () => URL.revokeObjectURL(made.url)
  }, [file])
  return url && url.file === file ? url.url : null
}
