import { useState } from 'react'
import type { Module } from '@/api/generated/api'
import { useUploadVideoMutation } from '@/api/enhancedApi'

export type ModuleFormValues = { title: string; description: string; videoUrl: string; videoId?: string }

type Props = {
  courseId: string
  editing: Module | null
  onSubmit: (values: ModuleFormValues) => void
  onCancel: () => void
}

/** The uploaded file's URL without its (short-lived) signature, as a fallback videoUrl. */
const pathOf = (filePath: string) => new URL(filePath, globalThis.location.origin).pathname

/** Spec §5: add mode without a module, edit mode with one; an optional file upload sets videoId. */
export function ModuleForm({ courseId, editing, onSubmit, onCancel }: Props) {
  const [title, setTitle] = useState(editing?.title ?? '')
  const [description, setDescription] = useState(editing?.description ?? '')
  const [videoUrl, setVideoUrl] = useState(editing?.videoUrl ?? '')
  const [file, setFile] = useState<File | null>(null)
  const [upload, { isLoading: uploading }] = useUploadVideoMutation()

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    const values: ModuleFormValues = {
      title: title.trim(),
      description: description.trim(),
      videoUrl: videoUrl.trim(),
    }
    if (file) {
      try {
        const video = await upload({ videoUpload: { courseId, file } }).unwrap()
        values.videoId = video._id
        if (!values.videoUrl) values.videoUrl = pathOf(video.filePath)
      } catch {
        return // logged with every failed call (app/listeners.ts)
      }
    }
    onSubmit(values)
  }

  return (
    <form
      className="form card"
      onSubmit={(e) => void submit(e)}
      aria-label={editing ? 'Edit module' : 'Add module'}
    >
      <input
        aria-label="Module Title"
        placeholder="Module Title"
        required
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <textarea
        aria-label="Module Description"
        placeholder="Module Description"
        required
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <input
        aria-label="Video URL"
        placeholder="Video URL"
        required={!file}
        value={videoUrl}
        onChange={(e) => setVideoUrl(e.target.value)}
      />
      <label className="field">
        <span>Or upload a video file</span>
        <input
          type="file"
          accept="video/mp4,video/webm,video/ogg"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={uploading}>
          {editing ? 'Update Module' : 'Add Module'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {uploading && <p role="status">Uploading video...</p>}
    </form>
  )
}
