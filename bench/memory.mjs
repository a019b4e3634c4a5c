// Server memory: its resident set (RSS) right after a load and once it has been idle.
import { readdirSync, readFileSync } from 'node:fs'
import { statFields } from './cpu.mjs'
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

/** The processes below `pid` (children, theirs, ...), from /proc. */
function descendants(pid) {
  const children = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // the parent: the 4th field
      const parent = Number(statFields(entry)[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // gone meanwhile
    }
  }
  const found = []
  const walk = (p) => {
    for (const child of children.get(p) ?? []) {
      found.push(child)
      walk(child)
    }
  }
  walk(pid)
  return found
}

/**
 * The process below `pid` whose command line holds `marker` (`npm start`'s node, which runs the server in its own
 * process, under npm and its shell); null when none is found.
 */
export function descendantPid(pid, marker) {
  for (const child of descendants(pid)) {
    try {
      // node itself, not the shell npm runs it from (whose command line holds the marker too)
      const [command, ...args] = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0')
      if (/(^|\/)node$/.test(command) && args.some((a) => a.endsWith(marker))) return child
    } catch {
      // gone meanwhile
    }
  }
  return null
}
