import { createElement, lazy, type ComponentType, type ReactElement } from 'react'

/** A script chunk that has not loaded after this long is reported as a ChunkLoadError (the page's error state). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError'
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  )
}

/** Loads a module, failing with ChunkLoadError on a network failure or after the timeout. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    )
  })
  return Promise.race([load(), timeout])
    .catch((error: unknown) => {
      if (error instanceof ChunkLoadError) throw error
      throw new ChunkLoadError(String((error as Error)?.message ?? error), { cause: error })
    })
    .finally(() => clearTimeout(timer))
}

/** A page in its own chunk: a component, and `preload()` to load its chunk before it is first drawn. */
export interface LazyPage {
  (): ReactElement
  /** Loads the page's chunk; a page drawn after this settles renders at once, without suspending. */
  preload(): Promise<void>
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined
  let loading: Promise<{ default: ComponentType }> | undefined
  const loadOnce = () =>
    (loading ??= loadChunk(load).then((module) => {
      loaded = module.default
      return module
    }))
  const Lazy = lazy(loadOnce)
  // Once loaded, the page's own component: drawn without suspending. A page first drawn through the lazy one stays
  // mounted when this switches (React matches a lazy component with what it resolved to).
  const Page = () => createElement(loaded ?? Lazy)
  Page.preload = () =>
    loadOnce().then(
      () => undefined,
      // A failed load is the page's to report when it is drawn (its ChunkLoadError page).
      () => undefined,
    )
  return Page
}
