/** The path of the engine's single-threaded lite build. */
export const ENGINE: string

/** A new engine in this thread, as a UCI transport for startUciEngine or startUciAnalysis. */
export function nodeStockfish(): Promise<{
  send(command: string): void
  listen(onLine: (line: string) => void): void
  close(): void
}>
