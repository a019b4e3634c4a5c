import type { CurriculumEntry } from '@/api/generated/api'
import { LoadError } from '@/components/LoadError'

type Props = { entries: CurriculumEntry[] | undefined; failed: boolean; onRetry: () => void }

/** What a course teaches, for those who may not watch it: module titles and descriptions, never a video. */
export function Curriculum({ entries, failed, onRetry }: Props) {
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
          {(entries ?? []).map((entry) => (
            <article key={entry._id} className="card module-card" aria-labelledby={`module-${entry._id}`}>
              <h3 id={`module-${entry._id}`}>{entry.title}</h3>
              <p>{entry.description}</p>
            </article>
          ))}
        </div>
      )}
    </>
  )
}
