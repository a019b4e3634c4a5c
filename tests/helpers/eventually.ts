/** Retries `fn` until it resolves (e.g. while PGlite's thread starts again), failing with its last error after `ms`. */
export async function eventually<T>(fn: () => Promise<T>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    try {
      return await fn()
    } catch (err) {
      if (Date.now() > until) throw err
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}
