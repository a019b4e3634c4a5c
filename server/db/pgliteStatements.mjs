// PGlite's named statements, made once per session: shared by openPglite (server/db/db.ts, PGlite in the caller's
// thread) and the server's worker (server/db/pgliteWorker.mjs). PGlite's query() parses and plans its text on every
// call, which was about half of a catalogue search's time over 10,000 courses (4.6 -> 2.5 ms a search); a named
// statement is planned once and run with EXECUTE, its parameters written as literals (sqlLiteral in handles.ts).
// Plain JavaScript, as the worker that loads it from the checkout is.

/** Runs statements by name on `lite`: `PREPARE name AS sql` on first use, then `EXECUTE name(args)`. */
export function namedStatements(lite) {
  const preparing = new Map()
  return async (name, sql, args) => {
    let ready = preparing.get(name)
    if (!ready) {
      ready = lite.exec(`PREPARE ${name} AS ${sql}`)
      preparing.set(name, ready)
      // A statement that failed to prepare (the schema it reads not made yet) is tried again next time.
      ready.catch(() => preparing.delete(name))
    }
    await ready
    return (await lite.query(`EXECUTE ${name}${args.length ? `(${args.join(', ')})` : ''}`)).rows
  }
}
