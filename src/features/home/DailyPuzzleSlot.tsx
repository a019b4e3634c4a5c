import { useEffect, useRef, useState, type ComponentType } from 'react'

/**
 * Where 'Puzzle of the day' goes: its code (DailyPuzzle.tsx, with the puzzles' endpoints) loads only once this place
 * comes on screen, so /home's first visit does not carry it (nor asks for the puzzle). A chunk that fails to load, or
 * a browser without IntersectionObserver, shows nothing.
 */
export function DailyPuzzleSlot() {
  const ref = useRef<HTMLDivElement>(null)
  const [Section, setSection] = useState<ComponentType | null>(null)

  useEffect(() => {
    const element = ref.current
    if (!element) return
    let done = false
    const load = () => {
      if (done) return
      done = true
      import('./DailyPuzzle').then(
        (module) => setSection(() => module.DailyPuzzle),
        () => undefined,
      )
    }
    if (typeof IntersectionObserver !== 'function') return
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      load()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  return <div ref={ref}>{Section && <Section />}</div>
}
