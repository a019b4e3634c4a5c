import type { PGlite } from '@electric-sql/pglite'

/** Runs statements by name on `lite`: `PREPARE name AS sql` on first use, then `EXECUTE name(args)`. */
export function namedStatements(
  lite: Pick<PGlite, 'exec' | 'query'>,
): <T>(name: string, sql: string, args: string[]) => Promise<T[]>
