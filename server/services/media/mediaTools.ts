// ffprobe and ffmpeg (Debian's `ffmpeg` package), run as child processes with time limits: a video's length, and
// a poster frame as JPEG. Optional: without them on PATH, uploads have no poster or length and nothing else changes.
import { execFile } from 'node:child_process'
import { stat } from 'node:fs/promises'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A stored video copied to a local file, with the type its upload was checked to be (sniffVideo). */
export interface LocalVideo {
  path: string
  mimeType: string
}

/** ffmpeg's name of the container each accepted video type is read as. */
const CONTAINERS: Readonly<Record<string, string>> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogg',
}

/**
 * The input options of every run on a video: read as the container its type names and from the local file only.
 * Left to guess from the content, ffmpeg would also read a playlist or a concat script, which open other files
 * (or addresses) named inside them.
 */
export function inputArgs(video: LocalVideo): string[] {
  const format = CONTAINERS[video.mimeType]
  if (!format) throw new Error(`no container is known for ${video.mimeType}`)
  return ['-protocol_whitelist', 'file', '-f', format, '-i', video.path]
}

/** Whether both tools answer on PATH (asked once, at start, without holding the event loop). */
export async function mediaToolsAvailable(): Promise<boolean> {
  try {
    await Promise.all(['ffprobe', 'ffmpeg'].map((tool) => run(tool, ['-version'], { timeout: 5000 })))
    return true
  } catch {
    return false
  }
}

/** The length of a video in seconds (ffprobe's container duration). */
export async function probeDuration(video: LocalVideo, timeoutMs = 30_000): Promise<number> {
  const { stdout } = await run(
    'ffprobe',
    [
      ...['-v', 'error', ...inputArgs(video)],
      ...['-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1'],
    ],
    { timeout: timeoutMs, maxBuffer: 64 * 1024 },
  )
  const seconds = Number(stdout.trim())
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`ffprobe gave no duration (${stdout.trim()})`)
  return seconds
}

/** Writes the frame at `atSeconds` as a JPEG at most 640 px wide to `out`. */
export async function posterFrame(video: LocalVideo, atSeconds: number, out: string, timeoutMs = 60_000) {
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-ss',
      atSeconds.toFixed(3),
      ...inputArgs(video),
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
  // ffmpeg ends well without a frame when the video track stops before `atSeconds` (a longer audio track)
  if (!(await stat(out).catch(() => undefined))?.size)
    throw new Error(`ffmpeg found no frame at ${atSeconds} s`)
}
