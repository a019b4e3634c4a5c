import { Component, Suspense, useState, type ReactNode } from 'react'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { lazyPage } from '@/app/lazyPage'

/** A page module that loads when `release()` is called. */
function deferredPage(body: () => ReactNode) {
  let release!: () => void
  const ready = new Promise<void>((resolve) => (release = resolve))
  const load = () => ready.then(() => ({ default: () => <>{body()}</> }))
  return { Page: lazyPage(load), release }
}

function Counter() {
  const [n, setN] = useState(0)
  return <button onClick={() => setN(n + 1)}>Clicked {n}</button>
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {}
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  render() {
    return this.state.error ? <p>Failed: {this.state.error.name}</p> : this.props.children
  }
}

describe('lazyPage', () => {
  it('draws a page whose chunk was preloaded at once, with no loading state', async () => {
    const { Page, release } = deferredPage(() => <h1>Preloaded page</h1>)
    const preloaded = Page.preload()
    release()
    await preloaded
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    )
    // Synchronously, in the first commit.
    expect(screen.getByRole('heading', { name: 'Preloaded page' })).toBeInTheDocument()
    expect(screen.queryByText('Loading')).not.toBeInTheDocument()
  })

  it('shows the loading state until a page that was not preloaded has loaded', async () => {
    const { Page, release } = deferredPage(() => <h1>Later page</h1>)
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    )
    expect(screen.getByText('Loading')).toBeInTheDocument()
    await act(async () => release())
    expect(await screen.findByRole('heading', { name: 'Later page' })).toBeInTheDocument()
  })

  it('keeps a drawn page (and its state) when it is drawn again after its chunk loaded', async () => {
    const { Page, release } = deferredPage(() => <Counter />)
    const tree = (label: string) => (
      <Suspense fallback={<p>Loading</p>}>
        <span>{label}</span>
        <Page />
      </Suspense>
    )
    const { rerender } = render(tree('first'))
    await act(async () => release())
    await userEvent.click(await screen.findByRole('button', { name: 'Clicked 0' }))
    rerender(tree('second'))
    expect(screen.getByText('second')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument()
  })

  it('preload settles when the chunk fails, and the page then reports a ChunkLoadError', async () => {
    const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
    await expect(Page.preload()).resolves.toBeUndefined()
    render(
      <Boundary>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    )
    expect(await screen.findByText('Failed: ChunkLoadError')).toBeInTheDocument()
  })
})
