// The prerendered pages' loader (src/app/shell/shellBoot.ts), run as the page runs it: it starts the app's scripts,
// and what the visitor typed, chose or sent in the shell before the app replaced it goes on in the app.
import { useEffect, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { act } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SHELL_BOOT_SCRIPT, SHELL_REPLACE } from '@/app/shell/shellBoot'
import { ShellReplaced } from '@/app/shell/ShellReplaced'

/** A page of the app with the shell's fields, controlled, showing their state and what was sent. */
function App({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('')
  const [sort, setSort] = useState('newest')
  // As the catalogue's search box does, the field takes its value from the address once it is drawn.
  useEffect(() => setText(''), [])
  return (
    <>
      <form
        aria-label="Search players by username"
        onSubmit={(e) => {
          e.preventDefault()
          onSend(text)
        }}
      >
        <label htmlFor="app-generated-id">Username</label>
        <input
          id="app-generated-id"
          type="search"
          placeholder="Enter a chess.com username"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit">Search</button>
      </form>
      <label>
        <span>Sort by</span>
        <select value={sort} onChange={(e) => setSort(e.target.value)}>
          <option value="newest">Newest</option>
          <option value="title">Title</option>
        </select>
      </label>
      <output>{`${text}|${sort}`}</output>
    </>
  )
}

/** The shell's markup of the same fields, as react-dom/server writes it (other generated ids), and the loader. */
const SHELL = `<form aria-label="Search players by username"><label for="_R_ak_">Username</label>
<input id="_R_ak_" type="search" placeholder="Enter a chess.com username" value=""/><button type="submit">Search</button></form>
<label><span>Sort by</span><select><option value="newest" selected="">Newest</option><option value="title">Title</option></select></label>`

let root: Root | undefined
// The web files share a worker: start from an empty document, whatever an earlier file left in it (a module page's
// probe of YouTube's script stays in the head, as in a browser).
beforeEach(() => {
  document.body.innerHTML = ''
  document.head.innerHTML = ''
})
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
  document.head.innerHTML = ''
  vi.useRealTimers()
  // (a test's stand-in paint timing and visibility)
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The page as the server sends it, with the loader run at the end of its body. */
function page() {
  document.body.innerHTML = `<div id="root">${SHELL}</div><script data-app="/assets/index-1.js" data-preload="/assets/Page-2.js /assets/shared-3.js"></script>`
  // The loader's text run as the page runs it (it is sent as text, so it is tested as text).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function(SHELL_BOOT_SCRIPT)()
  const container = document.getElementById('root')!
  return {
    container,
    input: container.querySelector('input')!,
    select: container.querySelector('select')!,
    form: container.querySelector('form')!,
  }
}

/** What src/main.tsx does: say the app starts rendering, then render it into #root (the shell's place). */
async function mountApp(container: HTMLElement, onSend = (_text: string) => {}) {
  document.dispatchEvent(new Event(SHELL_REPLACE))
  await renderApp(container, onSend)
}

async function renderApp(container: HTMLElement, onSend = (_text: string) => {}) {
  root = createRoot(container)
  await act(async () =>
    root!.render(
      <ShellReplaced>
        <App onSend={onSend} />
      </ShellReplaced>,
    ),
  )
  // The loader waits for the app's fields (a MutationObserver), types, and sends a form a task later.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 10)))
}

describe("the shell's loader", () => {
  it("starts the entry and preloads the page's modules (after 300 ms where there is no paint timing)", () => {
    vi.useFakeTimers()
    page()
    expect(document.head.querySelector('script')).toBeNull()
    vi.advanceTimersByTime(300)
    const entry = document.head.querySelector<HTMLScriptElement>('script[type="module"]')
    expect(entry?.getAttribute('src')).toBe('/assets/index-1.js')
    expect(
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
    ).toEqual(['/assets/Page-2.js', '/assets/shared-3.js'])
    vi.advanceTimersByTime(1000)
    expect(document.head.querySelectorAll('script')).toHaveLength(1)
  })

  it('with paint timing, starts the entry a task after the first contentful paint, not the first paint', () => {
    // The browser's paint timing, standing in for jsdom's (which has none): entries are given to the observer
    // as the browser would, one list per paint.
    let deliver: ((names: string[]) => void) | undefined
    class PaintObserver {
      static readonly supportedEntryTypes = ['paint']
      constructor(private readonly callback: PerformanceObserverCallback) {}
      observe(options: PerformanceObserverInit) {
        expect(options).toEqual({ type: 'paint', buffered: true })
        deliver = (names) => {
          const entries = names.map((name) => ({ name, entryType: 'paint', startTime: 1, duration: 0 }))
          const list = {
            getEntries: () => entries,
            getEntriesByName: (n: string) => entries.filter((e) => e.name === n),
            getEntriesByType: () => entries,
          } as unknown as PerformanceObserverEntryList
          this.callback(list, this as unknown as PerformanceObserver)
        }
      }
      disconnect() {
        deliver = undefined
      }
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    vi.useFakeTimers()
    page()
    const entry = () => document.head.querySelector('script[type="module"]')
    deliver!(['first-paint'])
    vi.advanceTimersByTime(1000)
    expect(entry()).toBeNull()
    deliver!(['first-contentful-paint'])
    expect(entry()).toBeNull()
    vi.advanceTimersByTime(0)
    expect(entry()?.getAttribute('src')).toBe('/assets/index-1.js')
    expect(deliver).toBeUndefined()
    vi.advanceTimersByTime(3000)
    expect(document.head.querySelectorAll('script')).toHaveLength(1)
  })

  it('with paint timing and no paint, starts the entry after 3 s', () => {
    class SilentObserver {
      static readonly supportedEntryTypes = ['paint']
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', SilentObserver)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    vi.useFakeTimers()
    page()
    vi.advanceTimersByTime(2999)
    expect(document.head.querySelector('script[type="module"]')).toBeNull()
    vi.advanceTimersByTime(1)
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe(
      '/assets/index-1.js',
    )
  })

  it("types the shell's text and choice into the app's fields, which the app then holds, with the focus and caret", async () => {
    const { container, input, select } = page()
    input.focus()
    input.value = 'hikaru'
    input.setSelectionRange(2, 2)
    select.value = 'title'
    await mountApp(container)
    expect(container.querySelector('output')?.textContent).toBe('hikaru|title')
    const appInput = container.querySelector('input')!
    expect(appInput).not.toBe(input)
    expect(appInput.value).toBe('hikaru')
    expect(document.activeElement).toBe(appInput)
    expect([appInput.selectionStart, appInput.selectionEnd]).toEqual([2, 2])
  })

  it('notes what is typed while the app renders, until it replaces the shell', async () => {
    const { container, input, select } = page()
    // The app starts rendering (in slices: the shell is still there and usable)...
    document.dispatchEvent(new Event(SHELL_REPLACE))
    // ...and the visitor goes on: chooses, then types with the caret after the 3rd letter.
    select.value = 'title'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    input.focus()
    input.value = 'magnus'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    input.setSelectionRange(3, 3)
    input.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true }))
    // (The visitor's events and React's commit are tasks of their own.)
    await new Promise((resolve) => setTimeout(resolve))
    // As in Chromium, the field loses the focus and is sent a change as React removes it: not the visitor's doing,
    // so not noted.
    input.blur()
    input.dispatchEvent(new Event('change', { bubbles: true }))
    container.replaceChildren()
    await renderApp(container)
    expect(container.querySelector('output')?.textContent).toBe('magnus|title')
    const appInput = container.querySelector('input')!
    expect(document.activeElement).toBe(appInput)
    expect([appInput.selectionStart, appInput.selectionEnd]).toEqual([3, 3])
  })

  it('notes the focus the visitor takes away from a field before the app replaces the shell', async () => {
    const { container, input } = page()
    input.focus()
    document.dispatchEvent(new Event(SHELL_REPLACE))
    input.value = 'nakamura'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    input.blur()
    await act(async () => {}) // the focusout is noted a microtask later, the field still being there
    await renderApp(container)
    expect(container.querySelector('input')!.value).toBe('nakamura')
    expect(document.activeElement).toBe(document.body)
  })

  it('holds a form sent from the shell and sends it through the app once it is there, with the text', async () => {
    const { container, input, form } = page()
    input.value = 'magnus'
    const sentByBrowser = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(sentByBrowser)
    expect(sentByBrowser.defaultPrevented).toBe(true)
    const sent: string[] = []
    await mountApp(container, (text) => sent.push(text))
    expect(sent).toEqual(['magnus'])
  })

  it('changes nothing the visitor did not touch, and leaves the forms of the app alone', async () => {
    const { container } = page()
    const sent: string[] = []
    await mountApp(container, (text) => sent.push(text))
    expect(container.querySelector('output')?.textContent).toBe('|newest')
    expect(document.activeElement).toBe(document.body)
    expect(sent).toEqual([])
    // A form of the app sent now is the app's: not held.
    const appSend = new Event('submit', { bubbles: true, cancelable: true })
    act(() => {
      container.querySelector('form')!.dispatchEvent(appSend)
    })
    expect(sent).toEqual([''])
  })
})
