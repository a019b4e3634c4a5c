// An IntersectionObserver whose targets (the end of a paged list) come into view when a test says so: jsdom has
// none. Stub it in the test file (`vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)`, which also
// makes the file run isolated) and call forgetObservers after each test.
import { act } from '@testing-library/react'

const observers = new Set<FakeIntersectionObserver>()

export class FakeIntersectionObserver {
  targets: Element[] = []
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.add(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  unobserve() {}
  disconnect() {
    observers.delete(this)
  }
  takeRecords() {
    return []
  }
  reveal() {
    const entries = this.targets.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    )
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}

/** Every observed target comes into view (the user scrolled to the end). */
export const scrollToEnd = () => act(() => [...observers].forEach((o) => o.reveal()))

export const forgetObservers = () => observers.clear()
