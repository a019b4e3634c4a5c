// ffprobe and ffmpeg (Debian's `ffmpeg` package), run as child processes with time limits: a video's length, and
// a poster frame as JPEG. Optional: without them on PATH, uploads have no poster or length and nothing else changes.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Whether both tools answer on PATH (asked once, at start, without holding the event loop). */
export async function mediaToolsAvailable(): Promise<boolean> {
  try {
    await Promise.all(['ffprobe', 'ffmpeg'].map((tool) => run(tool, ['-version'], { timeout: 5000 })))
    return true
  } catch {
    return false
  }
}

/** The length of a media file in seconds (ffprobe's container duration). */
export async function probeDuration(file: string, timeoutMs = 30_000): Promise<number> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
    { timeout: timeoutMs, maxBuffer: 64 * 1024 },
  )
  const seconds = Number(stdout.trim())
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`ffprobe gave no duration (${stdout.trim()})`)
  return seconds
}

/** Writes the frame at `atSeconds` as a JPEG at most 640 px wide to `out`. */
export async function posterFrame(file: string, atSeconds: number, out: string, timeoutMs = 60_000) {
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-ss',
      atSeconds.toFixed(3),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(640,iw)':-2",
      '-q:v',
      '4',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      out,
    ],
    { timeout: timeoutMs, maxBuffer: 64 * 1024 },
  )
}
