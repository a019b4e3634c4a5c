import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { useLocation } from 'react-router-dom'

/** The main navigation's id, which the phone's menu button controls. */
export const NAV_ID = 'main-nav'

/**
 * The navigation's menu on a phone (src/styles/layout.css shows the button and folds the links into it up to 640 px
 * wide): open until a link is followed or the address changes (Logout), Escape is pressed (the focus then goes back
 * to the button) or something outside the bar is touched.
 */
export function useNavMenu() {
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const [shownAt, setShownAt] = useState(location.key)
  if (shownAt !== location.key) {
    setShownAt(location.key)
    setOpen(false)
  }
  const bar = useRef<HTMLElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    const onPointer = (e: PointerEvent) => {
      if (!bar.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  return {
    bar,
    button: {
      ref: button,
      'aria-expanded': open,
      'aria-controls': NAV_ID,
      onClick: () => setOpen(!open),
    },
    nav: {
      id: NAV_ID,
      className: open ? 'nav__menu nav__menu--open' : 'nav__menu',
      // A link to the page already shown changes no address: it closes the menu too.
      onClick: (e: MouseEvent) => {
        if (e.target instanceof Element && e.target.closest('a')) setOpen(false)
      },
    },
  }
}
