import { lazy, type ComponentType } from 'react'

/** Spec §9: a script chunk that has not loaded after this long is reported as a ChunkLoadError. */
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

export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => loadChunk(load))
}
