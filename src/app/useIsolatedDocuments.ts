import { useLayoutEffect, useState } from 'react'
import { useLocation, type Location } from 'react-router-dom'
import { isIsolatedPath } from '@/app/isolatedPages'

/** The path this document was loaded at: the server chose its headers (isolated or not) by it. */
function documentPath(): string {
  const navigation = performance.getEntriesByType?.('navigation')[0]
  return new URL(navigation?.name || window.location.href).pathname
}

/** Where the state of a history entry waits for the document its address loads next (sessionStorage). */
export const CARRIED_STATE_KEY = 'carriedRouterState'

interface Carried {
  address: string
  state: unknown
}

const addressOf = (l: Pick<Location, 'pathname' | 'search'>) => `${l.pathname}${l.search}`

/**
 * Keeps the state of the entry about to load as a new document: Chromium drops an entry's history.state when the
 * reload changes the document's isolation (it then opens a new browsing context group).
 */
function carryState(location: Location) {
  if (location.state === null || location.state === undefined) return
  try {
    sessionStorage.setItem(
      CARRIED_STATE_KEY,
      JSON.stringify({ address: addressOf(location), state: location.state } satisfies Carried),
    )
  } catch {
    // No storage (or a state that is not plain data): the page opens without it, as from a typed address.
  }
}

/**
 * Puts the state carried over (carryState) back into this document's history entry when it is the entry it was
 * kept for, before the router reads the history; the kept copy is used once.
 */
export function restoreCarriedState() {
  let carried: Carried
  try {
    const text = sessionStorage.getItem(CARRIED_STATE_KEY)
    if (text === null) return
    sessionStorage.removeItem(CARRIED_STATE_KEY)
    carried = JSON.parse(text) as Carried
  } catch {
    return
  }
  const entry = window.history.state as { usr?: unknown } | null
  if (carried.address !== addressOf(window.location) || (entry?.usr ?? null) !== null) return
  window.history.replaceState({ ...entry, usr: carried.state }, '')
}

// As the app's modules load, before the router (src/main.tsx) first reads the history.
if (typeof window !== 'undefined') restoreCarriedState()

const reloadDocument = () => window.location.reload()

/**
 * A move between a cross-origin-isolated page and another (src/app/isolatedPages.ts) loads the new address as a
 * document of its own, since a document's isolation comes with its headers: a link into /analysis from a lesson, or
 * out of it. The history entry is already the new one, so a reload loads it; the state handed to the page (what
 * src/features/analysis/analysisStart.ts puts there) goes along in sessionStorage. Returns the location to show
 * meanwhile: the one shown before, so nothing of the new page runs in the document it is not meant for.
 */
export function useIsolatedDocuments(loadedAt?: string, reload: () => void = reloadDocument): Location {
  const location = useLocation()
  const [documentIsolated] = useState(() => isIsolatedPath(loadedAt ?? documentPath()))
  const crossing = isIsolatedPath(location.pathname) !== documentIsolated
  const [shown, setShown] = useState(location)
  if (!crossing && shown !== location) setShown(location)
  useLayoutEffect(() => {
    if (!crossing) return
    carryState(location)
    reload()
  }, [crossing, location, reload])
  return crossing ? shown : location
}
