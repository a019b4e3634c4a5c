/**
 * Brings a module's heading to the top of the viewport and focuses it ('Continue', 'Previous module', 'Next
 * module'). The scroll is instant, then checked again for a moment: videos and boards above it that are still
 * laying out (a player, a line's board) would otherwise push the heading down after the scroll, which is how it
 * used to land mid-screen under the previous module's video. A person who scrolls, taps or presses a key meanwhile
 * keeps the page where they put it.
 */
export function revealHeading(moduleId: string, { settleMs = 1500 } = {}): boolean {
  const heading = document.getElementById(`module-${moduleId}`)
  if (!heading) return false
  const align = () => heading.scrollIntoView?.({ block: 'start', behavior: 'instant' })
  align()
  heading.focus({ preventScroll: true })
  const aim = heading.getBoundingClientRect().top
  let moved = false
  const stop = () => (moved = true)
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
  // held here: the checks below may outlive the page they began on (a test's window torn down meanwhile)
  const view = window
  for (const e of events) view.addEventListener(e, stop, { passive: true, once: true })
  const started = Date.now()
  const check = () => {
    if (!moved && heading.isConnected && Date.now() - started < settleMs) {
      if (Math.abs(heading.getBoundingClientRect().top - aim) > 1) align()
      setTimeout(check, 100)
      return
    }
    for (const e of events) view.removeEventListener(e, stop)
  }
  setTimeout(check, 100)
  return true
}
