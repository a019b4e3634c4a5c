import { useState } from 'react'
import type { CurriculumEntry } from '@/api/generated/api'
import { LoadError } from '@/components/LoadError'
import { formatLength } from '@/features/modules/CourseFacts'
import { FreePreview } from '@/features/modules/FreePreview'

type Props = { entries: CurriculumEntry[] | undefined; failed: boolean; onRetry: () => void }

/**
 * What a course teaches, for those who may not watch it: module titles and descriptions, each module's length where
 * known and 'Interactive line' on those that carry one, never a video; a 'Free preview' opens in its place to
 * everyone, its video and line with it.
 */
export function Curriculum({ entries, failed, onRetry }: Props) {
  const [opened, setOpened] = useState<string | null>(null)
  return (
    <>
      <div className="section-head">
        <h2>Modules</h2>
      </div>
      {failed ? (
        <LoadError message="The modules of this course could not be loaded." onRetry={onRetry} />
      ) : entries?.length === 0 ? (
        <p className="muted">No modules yet.</p>
      ) : (
        <div className="stack">
          {(entries ?? []).map((entry) =>
            entry._id === opened ? (
              <FreePreview key={entry._id} moduleId={entry._id} />
            ) : (
              <article key={entry._id} className="card module-card" aria-labelledby={`module-${entry._id}`}>
                <h3 id={`module-${entry._id}`}>{entry.title}</h3>
                {(entry.hasLine || entry.freePreview || entry.durationSeconds !== undefined) && (
                  <p className="module-card__tags">
                    {entry.freePreview && <span className="tag">Free preview</span>}
                    {entry.durationSeconds !== undefined && (
                      <span className="tag">{formatLength(entry.durationSeconds)}</span>
                    )}
                    {entry.hasLine && <span className="tag tag--line">Interactive line</span>}
                  </p>
                )}
                <p>{entry.description}</p>
                {entry.freePreview && (
                  <button type="button" className="btn btn--primary" onClick={() => setOpened(entry._id)}>
                    Watch the free preview
                  </button>
                )}
              </article>
            ),
          )}
        </div>
      )}
    </>
  )
}
