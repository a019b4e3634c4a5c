import { useEffect, useMemo, useState } from 'react'
import type { Edited } from '@domain/chess/lineEdit'
import { mainLine, parsePgn, type ParsedLine } from '@domain/chess/pgn'
import { writePgn } from '@domain/chess/pgnWrite'

/** One state of the editor: the line and the selected move; `merge` lets a run of typing be one step. */
export type Step = Edited & { merge?: string }

interface History {
  past: Step[]
  present: Step
  future: Step[]
  /** The PGN text the present line stands for: the form's text when it was read from it, else what was written. */
  text: string
  /** The text was written here and is on its way to the form. */
  written: boolean
}

/** The most steps kept to undo. */
const MAX_STEPS = 200

const written = (h: Omit<History, 'text' | 'written'>): History => ({
  ...h,
  text: writePgn(h.present.line),
  written: true,
})

/**
 * The line editor's edits as a stack of lines (each edit is a new line: domain/chess/lineEdit.ts), kept in step
 * with the form's PGN text: an edit writes the text, a text that reads as a line becomes a step of its own, and a
 * text that does not read keeps the last good line. The actions keep their identity from render to render.
 */
export function useLineHistory(pgn: string, parsed: ParsedLine | null, onPgn: (text: string) => void) {
  const [history, setHistory] = useState<History>(() => ({
    past: [],
    present: { line: parsed ?? parsePgn(''), id: 0 },
    future: [],
    text: pgn,
    written: false,
  }))
  // What the editor wrote reaches the form's text after the render.
  useEffect(() => {
    if (history.written && history.text !== pgn) onPgn(history.text)
  }, [history, pgn, onPgn])
  if (history.written) {
    if (history.text === pgn) setHistory({ ...history, written: false })
  } else if (pgn !== history.text) {
    // The text changed outside the editor (typed as PGN): taken in during render, as React advises for props.
    const next = parsed
      ? {
          past: [...history.past, history.present].slice(-MAX_STEPS),
          // The board shows where the typing is: the end of the main line.
          present: { line: parsed, id: mainLine(parsed).at(-1) ?? 0 },
          future: [],
        }
      : {}
    setHistory({ ...history, ...next, text: pgn })
  }

  const actions = useMemo(
    () => ({
      /** A new step; one with the same `merge` key as the last replaces it (a comment typed letter by letter). */
      edit: (step: Step) =>
        setHistory((h) => {
          const { past, present } = h
          if (step.line === present.line)
            return step.id === present.id ? h : { ...h, present: { ...present, id: step.id } }
          const merged = step.merge !== undefined && step.merge === present.merge
          return written({
            past: merged ? past : [...past, present].slice(-MAX_STEPS),
            present: step,
            future: [],
          })
        }),
      select: (id: number) => setHistory((h) => ({ ...h, present: { ...h.present, id, merge: undefined } })),
      undo: () =>
        setHistory((h) =>
          h.past.length
            ? written({
                past: h.past.slice(0, -1),
                present: h.past[h.past.length - 1],
                future: [h.present, ...h.future],
              })
            : h,
        ),
      redo: () =>
        setHistory((h) =>
          h.future.length
            ? written({ past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) })
            : h,
        ),
    }),
    [],
  )

  return {
    ...actions,
    line: history.present.line,
    selected: history.present.id,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  }
}
