// 'Forgot password' tells nobody whether an account uses an address, by its answer or by its time: the
// route answers at once, the same for every address, and the lookup, the link and its mail follow here, once the
// answer is out. A request still waiting when the process dies is lost; its sender asks again.
import type { Db } from '../../db/db'
import { requestPasswordReset, type MailSettings } from './account'

/** Requests waiting beyond this many are dropped (the caller logs it), so a flood cannot grow memory without bound. */
export const MAX_WAITING_RESETS = 1000

interface Queue {
  tail: Promise<void>
  waiting: number
}

// One queue per database: its requests are worked one at a time, in order, so a burst of them takes one connection.
const queues = new WeakMap<Db, Queue>()

/**
 * Queues the work of one reset request, to start once `answered` settles (the answer is sent). False, and nothing
 * queued, when too many wait. `onError` gets what the work throws.
 */
export function queuePasswordReset(
  db: Db,
  s: MailSettings,
  email: string,
  answered: Promise<unknown>,
  onError: (err: unknown) => void,
): boolean {
  let queue = queues.get(db)
  if (!queue) queues.set(db, (queue = { tail: Promise.resolve(), waiting: 0 }))
  if (queue.waiting >= MAX_WAITING_RESETS) return false
  const q = queue
  q.waiting += 1
  q.tail = q.tail
    .then(() => answered)
    .then(() => requestPasswordReset(db, s, email))
    .catch(onError)
    .finally(() => {
      q.waiting -= 1
    })
  return true
}

/** Resolves once every reset request queued so far on this database has been worked (at shutdown, and in tests). */
export function passwordResetsWorked(db: Db): Promise<void> {
  return queues.get(db)?.tail ?? Promise.resolve()
}
