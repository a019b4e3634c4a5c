import pino from 'pino'

/**
 * Standard output for the log, written asynchronously (pino's destination, sonic-boom, `sync: false`): a log line
 * costs the request a copy into a buffer, not a write(2). Lines keep their order (one buffer, written in turn), and
 * none is lost when the process ends: pino registers the stream to be flushed synchronously on `exit` (the shutdown
 * on SIGTERM and SIGINT ends with process.exit, and an uncaught error ends the process the same way). Only a
 * SIGKILL can lose the last lines, as with any buffered log.
 */
export function asyncStdout() {
  return pino.destination({ dest: 1, sync: false })
}
