/** 'What you'll learn' holds at most this many points, one a line in the form. */
const MAX_POINTS = 8

/** The levels a course may be for, the contract's values in order. */
const LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const
export type Level = (typeof LEVELS)[number]

/** The points typed in 'What you'll learn', one a line, without blank lines. */
export const learningPointsOf = (text: string) =>
  text
    .split('\n')
    .map((point) => point.trim())
    .filter(Boolean)

type Change = (e: React.ChangeEvent<HTMLTextAreaElement | HTMLSelectElement>) => void

/** A course's level and its 'What you'll learn' points, one a line. */
export function CourseLevelFields(props: {
  level: string
  points: string
  onLevel: Change
  onPoints: Change
}) {
  return (
    <>
      <label className="field">
        <span>Level</span>
        <select name="level" value={props.level} onChange={props.onLevel}>
          <option value="">Not set</option>
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>What you'll learn</span>
        <textarea
          name="learningPoints"
          rows={4}
          value={props.points}
          onChange={props.onPoints}
          aria-describedby="course-points-hint"
        />
      </label>
      <small id="course-points-hint" className="muted">
        One point a line, up to {MAX_POINTS}, of at most 120 characters each.
      </small>
    </>
  )
}
