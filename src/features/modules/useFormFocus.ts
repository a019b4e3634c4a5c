import { useEffect, type RefObject } from 'react'

/** Smooth scrolling, unless the person asked their system for less motion. */
export const scrollBehavior = (): ScrollBehavior =>
  globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'

/** Scrolls `element` into view (jsdom has no scrollIntoView, hence the guard). */
export function scrollToElement(element: Element, block: ScrollLogicalPosition) {
  element.scrollIntoView?.({ block, behavior: scrollBehavior() })
}

/**
 * When the form opens (mounts, or `opened` changes), brings it into view and focuses the field the server refused, or else its first
 * field: the form sits above the list, so on a phone 'Edit' on a module far down would otherwise seem to do
 * nothing.
 */
export function useFormFocus(ref: RefObject<HTMLFormElement | null>, opened?: unknown) {
  useEffect(() => {
    const form = ref.current
    if (!form) return
    scrollToElement(form, 'start')
    const field =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.querySelector('input, textarea')
    field?.focus({ preventScroll: true })
  }, [ref, opened])
}
