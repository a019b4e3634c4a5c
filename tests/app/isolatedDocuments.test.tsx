// /analysis is served cross-origin isolated and the other pages are not, so a link crossing between them loads the
// new address as a document of its own (a reload of the history entry the link made, which keeps its state), and
// the page shown until then stays.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { Link, MemoryRouter, useLocation, useRoutes } from 'react-router-dom'
import { isIsolatedPath } from '@/app/isolatedPages'
import { CARRIED_STATE_KEY, restoreCarriedState, useIsolatedDocuments } from '@/app/useIsolatedDocuments'

function Page({ name }: { name: string }) {
  const { state } = useLocation() as { state: unknown }
  return (
    <>
      <h1>{name}</h1>
      {state !== null && <p>Handed: {JSON.stringify(state)}</p>}
      <Link to="/analysis" state={{ analysis: { fen: '8/8/8/8/8/5k2/8/4K2R w K - 0 40' } }}>
        Analyse from here
      </Link>
      <Link to="/courses/1/modules/1">Lesson</Link>
      <Link to="/home">Home</Link>
    </>
  )
}

function Routes({ loadedAt, reload }: { loadedAt: string; reload: () => void }) {
  return useRoutes(
    [
      { path: '/home', element: <Page name="Home" /> },
      { path: '/courses/:courseId/modules/:moduleId', element: <Page name="Lesson" /> },
      { path: '/analysis', element: <Page name="Analysis" /> },
    ],
    useIsolatedDocuments(loadedAt, reload),
  )
}

function renderAt(path: string) {
  const reload = vi.fn()
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes loadedAt={path} reload={reload} />
    </MemoryRouter>,
  )
  return reload
}

afterEach(() => {
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('documents by isolation', () => {
  it('isolates /analysis alone (with or without a trailing slash)', () => {
    expect(['/analysis', '/analysis/'].map(isIsolatedPath)).toEqual([true, true])
    expect(
      ['/', '/home', '/courses/1/modules/1', '/analysis/x', '/analysis-board'].some(isIsolatedPath),
    ).toBe(false)
  })

  it('loads /analysis as a new document when a lesson links there, showing the lesson until it comes', () => {
    const reload = renderAt('/courses/1/modules/1')
    expect(screen.getByRole('heading', { name: 'Lesson' })).toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('link', { name: 'Analyse from here' }))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('heading', { name: 'Lesson' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Analysis' })).not.toBeInTheDocument()
  })

  it('loads any other page as a new document when /analysis links there', () => {
    const reload = renderAt('/analysis')
    expect(screen.getByRole('heading', { name: 'Analysis' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('link', { name: 'Lesson' }))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('heading', { name: 'Lesson' })).not.toBeInTheDocument()
  })

  it('stays in the document between pages of the same kind, and on the page it was loaded at', () => {
    const reload = renderAt('/home')
    fireEvent.click(screen.getByRole('link', { name: 'Lesson' }))
    expect(screen.getByRole('heading', { name: 'Lesson' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('link', { name: 'Home' }))
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
  })

  it('shows /analysis, with the state handed to it, in a document loaded at /analysis', () => {
    const reload = vi.fn()
    render(
      <MemoryRouter
        initialEntries={[{ pathname: '/analysis', state: { analysis: { pgn: '1. e4 *', report: true } } }]}
      >
        <Routes loadedAt="/analysis" reload={reload} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { name: 'Analysis' })).toBeInTheDocument()
    expect(screen.getByText('Handed: {"analysis":{"pgn":"1. e4 *","report":true}}')).toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
  })

  it("carries the state handed to /analysis into the new document's history entry, once, for that address alone", () => {
    renderAt('/courses/1/modules/1')
    fireEvent.click(screen.getByRole('link', { name: 'Analyse from here' }))
    const handed = { analysis: { fen: '8/8/8/8/8/5k2/8/4K2R w K - 0 40' } }
    // The new document at another address: nothing put back.
    window.history.replaceState({ idx: 1 }, '', '/analysis?other=1')
    restoreCarriedState()
    expect(window.history.state).toEqual({ idx: 1 })
    expect(sessionStorage.getItem(CARRIED_STATE_KEY)).toBeNull()

    fireEvent.click(screen.getByRole('link', { name: 'Analyse from here' }))
    window.history.replaceState({ idx: 1 }, '', '/analysis')
    restoreCarriedState()
    expect(window.history.state).toEqual({ idx: 1, usr: handed })
    window.history.replaceState({ idx: 1 }, '', '/analysis')
    restoreCarriedState()
    expect(window.history.state).toEqual({ idx: 1 })
  })
})
