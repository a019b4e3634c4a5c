/**
 * Keeps Tab inside `container`: from its last focusable element (those `selector` matches) Tab goes to the first,
 * and Shift+Tab from the first to the last. Other keys pass.
 */
export function trapTab(e: React.KeyboardEvent, container: HTMLElement | null, selector: string) {
  if (e.key !== 'Tab' || !container) return
  const items = [...container.querySelectorAll<HTMLElement>(selector)]
  const [first, last] = [items[0], items.at(-1)]
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault()
    last?.focus()
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault()
    first?.focus()
  }
}
