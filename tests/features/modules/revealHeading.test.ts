// revealHeading keeps a module's heading at the top while the page above it settles, unless the person moves the
// page themselves (a wheel, a touch, a key or a press stops it).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { revealHeading } from '@/features/modules/revealHeading'

describe('revealHeading', () => {
  let heading: HTMLHeadingElement
  let top: number
  let aligned: number

  beforeEach(() => {
    vi.useFakeTimers()
    heading = document.createElement('h2')
    heading.id = 'module-m1'
    heading.tabIndex = -1
    document.body.append(heading)
    top = 0
    aligned = 0
    heading.getBoundingClientRect = () => ({ top }) as DOMRect
    heading.scrollIntoView = () => {
      aligned += 1
      top = 0
    }
  })
  afterEach(() => {
    heading.remove()
    vi.useRealTimers()
  })

  it('aligns the heading again while what is above it still moves it down', () => {
    expect(revealHeading('m1')).toBe(true)
    expect(aligned).toBe(1)
    expect(document.activeElement).toBe(heading)
    top = 240 // a player above it laid out
    vi.advanceTimersByTime(100)
    expect(aligned).toBe(2)
    // and no more once the moment is over
    vi.advanceTimersByTime(2000)
    top = 240
    vi.advanceTimersByTime(500)
    expect(aligned).toBe(2)
  })

  it.each(['wheel', 'touchstart', 'keydown', 'pointerdown'])('leaves the page where a %s put it', (event) => {
    revealHeading('m1')
    window.dispatchEvent(new Event(event))
    top = 240
    vi.advanceTimersByTime(300)
    expect(aligned).toBe(1)
  })

  it('answers false for a module without a heading on the page', () => {
    expect(revealHeading('nowhere')).toBe(false)
  })
})
