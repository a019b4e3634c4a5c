import { PuzzleSetEditor } from '@/features/modules/PuzzleSetEditor'
import type { SetPuzzle } from '@domain/chess/puzzleSets'

/** The module's puzzle set, and whether it is a free preview of its course. */
export function ModulePreviewFields(props: {
  puzzles: SetPuzzle[]
  error?: string
  onPuzzles: (puzzles: SetPuzzle[]) => void
  freePreview: boolean
  onFreePreview: (freePreview: boolean) => void
}) {
  return (
    <>
      <PuzzleSetEditor puzzles={props.puzzles} error={props.error} onChange={props.onPuzzles} />
      <label className="row">
        <input
          type="checkbox"
          checked={props.freePreview}
          onChange={(e) => props.onFreePreview(e.target.checked)}
        />
        Free preview
      </label>
      <p className="muted">Visitors and students who have not bought the course may watch and play it.</p>
    </>
  )
}
