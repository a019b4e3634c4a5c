import { useCallback, useState } from 'react'
import type { ModuleLine } from '@/api/generated/api'
import { useRecordLinePracticeMutation } from '@/features/review/reviewEndpoints'
import { LinePractice } from '@/features/lines/LinePractice'
import { LineViewer } from '@/features/lines/LineViewer'
import { reviewDate } from '@/features/lines/reviewDate'
import { useLine } from '@/features/lines/useLine'
import { useFollowVideo } from '@/features/lines/useFollowVideo'
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
}

/**
 * A module's line on its card: the viewer, or 'Practise this line' (recorded for the review schedule). On a card
 * whose video the line's stamped moves name, the board follows the video and asks its questions.
 */
export function LinePanel({ moduleId, title, line, onPractised, practising = false }: Props) {
  const parsed = useLine(line.pgn)
  const [mode, setMode] = useState<'view' | 'practise'>(practising ? 'practise' : 'view')
  const [round, setRound] = useState(0)
  const [record, recorded] = useRecordLinePracticeMutation()
  const video = useFollowVideo(parsed, useVideoClock())

  const onComplete = useCallback(
    (mistakes: number) => {
      void record({ moduleId, linePracticeInput: { mistakes } })
        .unwrap()
        .then(() => onPractised?.())
        .catch(() => undefined) // logged with every failed call (app/listeners.ts)
    },
    [record, moduleId, onPractised],
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
      ) : (
        <>
          <LinePractice
            key={round}
            id={moduleId}
            line={parsed}
            side={line.side}
            title={title}
            onComplete={onComplete}
          />
          {recorded.data && recorded.originalArgs?.moduleId === moduleId && (
            <p className="muted">Next review {reviewDate(recorded.data.due)}.</p>
          )}
          {!practising && (
            <div className="row">
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
