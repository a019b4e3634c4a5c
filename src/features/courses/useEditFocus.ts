import { useEffect, type RefObject } from 'react'

/**
 * When `editing` changes to a course, brings the form into view and focuses its first field: the form sits
 * above the list, so on a phone 'Edit' on a course far down would otherwise seem to do nothing. Scrolling is
 * smooth unless the person asked for less motion; jsdom has no scrollIntoView, hence the guard.
 */
export function useEditFocus(ref: RefObject<HTMLFormElement | null>, editing: unknown) {
  useEffect(() => {
    const form = ref.current
    if (!form || !editing) return
    const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    form.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' })
    form.querySelector<HTMLElement>('input, textarea')?.focus({ preventScroll: true })
  }, [ref, editing])
}
