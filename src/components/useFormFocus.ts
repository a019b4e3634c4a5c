import { useEffect, type RefObject } from 'react'

/** Smooth scrolling, unless the person asked their system for less motion. */
export const scrollBehavior = (): ScrollBehavior =>
  globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'

/** Scrolls `element` into view (jsdom has no scrollIntoView, hence the guard). */
export function scrollToElement(element: Element, block: ScrollLogicalPosition) {
  element.scrollIntoView?.({ block, behavior: scrollBehavior() })
}

/**
 * When the form opens (mounts, or `opened` changes), brings it into view and focuses the field the server
 * refused, or else its first field: forms sit above their lists, so on a phone 'Edit' on an item far down would
 * otherwise seem to do nothing. `enabled` false leaves the page alone (a course form that is only for adding).
 */
export function useFormFocus(ref: RefObject<HTMLFormElement | null>, opened?: unknown, enabled = true) {
  useEffect(() => {
    const form = ref.current
    if (!form || !enabled) return
    scrollToElement(form, 'start')
    const field =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.querySelector('input, textarea')
    field?.focus({ preventScroll: true })
  }, [ref, opened, enabled])
}
