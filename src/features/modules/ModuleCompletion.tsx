import { ActionError } from '@/components/ActionError'
import { useGetMyProgressQuery, useSetModuleCompletionMutation } from '@/features/progress/progressEndpoints'

const COMPLETION_FAILED_TEXT = 'Your progress could not be saved'

/**
 * 'Mark as complete', or 'Completed' and 'Mark as not complete', from the caller's progress (watching 90 % of
 * the video completes a module too: the server decides, and its answer lands in the same cache).
 */
export function ModuleCompletion({
  moduleId,
  courseId,
  onCompleted,
}: {
  moduleId: string
  courseId: string
  /** Called once the server has kept a 'Mark as complete' (the lesson view moves on to the next module). */
  onCompleted?: () => void
}) {
  const { known, completed } = useGetMyProgressQuery(undefined, {
    selectFromResult: ({ data }) => ({
      known: data !== undefined,
      completed: !!data?.find((c) => c.courseId === courseId)?.modules.find((m) => m.moduleId === moduleId)
        ?.completed,
    }),
  })
  const [setCompletion, { error }] = useSetModuleCompletionMutation()
  if (!known) return null
  // Optimistic (progressEndpoints.ts); a failure rolls back with an alert (moduleListeners.ts) and says why here.
  const mark = (value: boolean) => () => {
    const saved = setCompletion({ moduleId, completionInput: { completed: value } })
    // After the server's answer: a refusal keeps the learner on this module, where it is said.
    if (value && onCompleted) void saved.unwrap().then(onCompleted, () => undefined)
  }
  return completed ? (
    <div className="row module-card__completion">
      <span className="notice">Completed</span>
      <button type="button" className="btn" onClick={mark(false)}>
        Mark as not complete
      </button>
      <ActionError error={error} failed={COMPLETION_FAILED_TEXT} />
    </div>
  ) : (
    <div className="row module-card__completion">
      <button type="button" className="btn" onClick={mark(true)}>
        Mark as complete
      </button>
      <ActionError error={error} failed={COMPLETION_FAILED_TEXT} />
    </div>
  )
}
