import { useState } from 'react'
import type { ModuleLine } from '@/api/generated/api'
import { variationName } from '@domain/chess/variations'
import { ActionError } from '@/components/ActionError'
import { LinePractice } from '@/features/lines/LinePractice'
import { LineViewer } from '@/features/lines/LineViewer'
import { reviewDate } from '@/features/lines/reviewDate'
import { useLine } from '@/features/lines/useLine'
import { useFollowVideo } from '@/features/lines/useFollowVideo'
import { useVariationPractice } from '@/features/lines/useVariationPractice'
import { useVideoClock } from '@/features/lines/videoClock'
import { VideoQuestion } from '@/features/lines/VideoQuestion'
import './lines.css'

type Props = {
  moduleId: string
  title: string
  line: ModuleLine
  /** Called after a finished practice was recorded (the review page moves on to the next line). */
  onPractised?: () => void
  /** Open in practice mode (the review page). */
  practising?: boolean
  /** The one variation to practise (the review page: its key); every variation, one after another, when not given. */
  variation?: string
  /** False in a free preview of a course not bought: its practice is played, not recorded. */
  records?: boolean
}

/**
 * A module's line on its card: the viewer, or 'Practise this line' (recorded for the review schedule), its variations
 * one after another, each recorded on its own. On a card whose video the line's stamped moves name, the board follows
 * the video and asks its questions.
 */
export function LinePanel(props: Props) {
  const { moduleId, title, line, onPractised, practising = false, variation, records = true } = props
  const parsed = useLine(line.pgn)
  const [mode, setMode] = useState<'view' | 'practise'>(practising ? 'practise' : 'view')
  const [round, setRound] = useState(0)
  const video = useFollowVideo(parsed, useVideoClock())
  const { several, count, at, current, next, onComplete, recorded, finished } = useVariationPractice(
    parsed,
    variation,
    moduleId,
    onPractised,
    records,
  )

  if (!parsed) return <p className="muted">This line could not be read.</p>
  return (
    <div className="line-panel">
      {mode === 'view' && video && (
        <label className="line-follow">
          <input
            type="checkbox"
            checked={video.following}
            onChange={(e) => video.setFollowing(e.target.checked)}
          />
          Following the video
        </label>
      )}
      {mode === 'view' && video?.question != null ? (
        <VideoQuestion
          key={video.question}
          id={moduleId}
          line={parsed}
          side={line.side}
          node={video.question}
          onContinue={video.resume}
        />
      ) : mode === 'view' ? (
        <LineViewer
          id={moduleId}
          line={parsed}
          side={line.side}
          title={title}
          onPractise={() => setMode('practise')}
          video={video}
        />
      ) : !current ? (
        <p className="muted">This variation is no longer in the line.</p>
      ) : (
        <>
          {several && (
            <p className="muted line-variation">
              {variationName(current.key)}
              {count > 1 && ` (${at + 1} of ${count})`}
            </p>
          )}
          <LinePractice
            key={`${round}-${current.key}`}
            id={moduleId}
            line={parsed}
            side={line.side}
            title={title}
            path={current.path}
            onComplete={onComplete}
          />
          {recorded.data &&
            recorded.originalArgs?.moduleId === moduleId &&
            recorded.data.variation === current.key && (
              <p className="muted">Next review {reviewDate(recorded.data.due)}.</p>
            )}
          <ActionError error={recorded.error} failed="Your practice could not be recorded" />
          {!practising && (
            <div className="row">
              {finished === current.key && at + 1 < count && (
                <button
                  type="button"
                  className="btn btn--primary"
                  onClick={() => {
                    next()
                    setRound((r) => r + 1)
                  }}
                >
                  Next variation
                </button>
              )}
              <button type="button" className="btn" onClick={() => setRound((r) => r + 1)}>
                Start again
              </button>
              <button type="button" className="btn" onClick={() => setMode('view')}>
                Back to the moves
              </button>
            </div>
          )}
        </>
      )}
    </div>
  )
}
