// Server CPU: the processor time a process has used (user and system, all its threads: PGlite's worker too), from
// /proc. Read around a load it gives the CPU each request cost the server, a figure that does not depend on how fast
// the load generator, which shares the machine's cores, could send.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

let ticksPerSecond
function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    } catch {
      ticksPerSecond = 100
    }
  }
  return ticksPerSecond
}

/**
 * The fields of `/proc/{pid}/stat` from the 3rd on (the state), read after the command in parentheses, which may
 * hold spaces: field n is at index n - 3. Throws when the process is gone.
 */
export function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** The CPU time process `pid` has used so far, in ms (null where /proc has none). */
export function cpuMs(pid) {
  try {
    // utime and stime: the 14th and 15th fields
    const fields = statFields(pid)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks()
  } catch {
    return null
  }
}
