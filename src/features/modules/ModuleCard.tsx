import { useState } from 'react'
import type { Module, Video } from '@/api/generated/api'
import { hasVideoStamps } from '@domain/chess/videoStamps'
import { ModuleCompletion } from '@/features/modules/ModuleCompletion'
import { ModuleVideo } from '@/features/modules/ModuleVideo'
import { PuzzleSetPanel } from '@/features/modules/PuzzleSetPanel'
import { LinePanel } from '@/features/lines/LinePanel'
import { createVideoClock, VideoClockContext } from '@/features/lines/videoClock'
import { revealHeading } from '@/features/modules/revealHeading'

type Props = {
  module: Module
  /** The modules before and after this one in the course, for 'Previous module' and 'Next module'. */
  previous?: Module
  next?: Module
  canManage: boolean
  onEdit: (m: Module) => void
  onDelete: (m: Module) => void
  /** The title's heading: h3 in the course's list, h1 where the module is the page (the lesson view). */
  titleAs?: 'h1' | 'h3'
  /** Called once a 'Mark as complete' is kept (the lesson view moves on). */
  onCompleted?: () => void
  /** A free preview for a visitor or a student who has not bought the course: watched and played, not recorded. */
  preview?: { video?: Video }
}

export function ModuleCard(props: Props) {
  const {
    module,
    previous,
    next,
    canManage,
    onEdit,
    onDelete,
    titleAs: Title = 'h3',
    onCompleted,
    preview,
  } = props
  const records = !preview
  const titleId = `module-${module._id}`
  // A module still being saved has no server id yet.
  const onServer = !module._id.startsWith('pending-')
  // The video's time, shared with the line only: the rest of the page does not re-render as it plays.
  const [clock] = useState(createVideoClock)
  const follows = onServer && !!module.line && hasVideoStamps(module.line.pgn)
  return (
    <article className="card module-card" aria-labelledby={titleId}>
      <Title id={titleId} tabIndex={-1}>
        {module.title}
      </Title>
      {canManage && module.freePreview && (
        <p className="module-card__tags">
          <span className="tag">Free preview</span>
        </p>
      )}
      <p>{module.description}</p>
      {follows ? (
        // The line beside its video (under it on a phone), its board following the video's time.
        <VideoClockContext.Provider value={clock}>
          <div className="module-card__follow">
            <ModuleVideo module={module} preview={preview} />
            <LinePanel moduleId={module._id} title={module.title} line={module.line!} records={records} />
          </div>
        </VideoClockContext.Provider>
      ) : (
        <>
          <ModuleVideo module={module} preview={preview} />
          {module.line && onServer && (
            <LinePanel moduleId={module._id} title={module.title} line={module.line} records={records} />
          )}
        </>
      )}
      {module.puzzles && onServer && records && <PuzzleSetPanel module={module} puzzles={module.puzzles} />}
      {onServer && records && (
        <ModuleCompletion moduleId={module._id} courseId={module.courseId} onCompleted={onCompleted} />
      )}
      {(previous || next) && (
        <nav className="module-card__steps" aria-label={`From ${module.title}`}>
          {previous && (
            <button type="button" className="btn" onClick={() => revealHeading(previous._id)}>
              Previous module
            </button>
          )}
          {next && (
            <button type="button" className="btn module-card__next" onClick={() => revealHeading(next._id)}>
              Next module
            </button>
          )}
        </nav>
      )}
      {canManage && onServer && (
        <div className="row">
          <button
            type="button"
            className="btn"
            onClick={() => onEdit(module)}
            aria-label={`Edit ${module.title}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn--danger"
            onClick={() => onDelete(module)}
            aria-label={`Delete ${module.title}`}
          >
            Delete
          </button>
        </div>
      )}
    </article>
  )
}
