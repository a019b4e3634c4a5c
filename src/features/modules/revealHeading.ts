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
  // Removed by aborting, not through the window: the checks below may outlive the page they began on (a test's
  // window torn down meanwhile has no removeEventListener any more).
  const listening = new AbortController()
  for (const e of events)
    window.addEventListener(e, stop, { passive: true, once: true, signal: listening.signal })
  const started = Date.now()
  const check = () => {
    if (!moved && heading.isConnected && Date.now() - started < settleMs) {
      if (Math.abs(heading.getBoundingClientRect().top - aim) > 1) align()
      setTimeout(check, 100)
      return
    }
    listening.abort()
  }
  setTimeout(check, 100)
  return true
}
