// Server memory: its resident set (RSS) right after a load and once it has been idle.
import { readFileSync } from 'node:fs'
import { round } from './support.mjs'

/** The resident set of process `pid` in MB, from /proc (null where there is none). */
export function rssMB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
    return round(kb / 1024)
  } catch {
    return null
  }
}

/** To call right after a load: the server's RSS then, and again after 10 s idle. */
export async function memoryAfterLoad(pid) {
  const rssMBAfterLoad = rssMB(pid)
  // Beside it, what the server still holds once idle for 10 s (V8 gives back garbage it had not collected yet): the
  // figure right after the load moved by 80 MB between runs of the same code.
  await new Promise((resolve) => setTimeout(resolve, 10_000))
  return { rssMBAfterLoad, rssMBIdle: rssMB(pid) }
}
