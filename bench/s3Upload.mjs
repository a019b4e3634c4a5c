// `node bench/s3Upload.mjs`: the server's resident memory while a 50 MB video is uploaded with MEDIA_STORAGE=s3
// (s3rver on loopback, started here) and, beside it, on the local disk. The upload streams to the bucket as a
// multipart upload: the server's RSS should grow by far less than the file (the issue asks < 30 MB).
// Alone, prints one JSON line per upload: RSS before (after a small warm-up upload), peak during, growth; `npm run
// bench` runs it too (three uploads to S3, one to the disk) and tables the growths.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import S3rver from 's3rver'
import { rssMB } from './memory.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

function ensureServerBuild() {
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (r.status !== 0) throw new Error('could not build the server')
}

const MB = 1024 * 1024
/** The node flags `npm start` runs the server with (package.json), so the figure is the shipped one. */
const START_FLAGS = JSON.parse(
  readFileSync(join(fileURLToPath(new URL('..', import.meta.url)), 'package.json'), 'utf8'),
)
  .scripts.start.split(' ')
  .filter((a) => a.startsWith('--'))
const SIZE = 50 * MB

async function startServer(env) {
  const port = await freePort()
  const child = spawn(process.execPath, [...START_FLAGS, join(root, 'dist-server', 'main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return { child, base }
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  child.kill('SIGKILL')
  throw new Error('server did not start')
}

/** A multipart body of `size` bytes of "MP4", made as it is sent (the bench holds none of it). */
function body(courseId, size) {
  const boundary = '----benchS3'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="courseId"\r\n\r\n${courseId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const chunk = Buffer.alloc(64 * 1024, 1)
  Buffer.from('\0\0\0\x18ftypmp42', 'latin1').copy(chunk)
  let sent = 0
  let started = false
  const stream = new ReadableStream({
    pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(head)
        return
      }
      if (sent >= size) {
        controller.enqueue(tail)
        controller.close()
        return
      }
      const n = Math.min(chunk.length, size - sent)
      controller.enqueue(chunk.subarray(0, n))
      sent += n
    },
  })
  return { stream, type: `multipart/form-data; boundary=${boundary}` }
}

async function measure(label, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-s3-'))
  const { child, base } = await startServer({
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    UPLOAD_MAX_BYTES: String(60 * MB),
    ...env,
  })
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'judit@chess.local', password: 'chess-teach-1' }),
    }).then((r) => r.json())
    const courses = await fetch(`${base}/api/courses?limit=50`).then((r) => r.json())
    const list = Array.isArray(courses) ? courses : (courses.items ?? courses.courses ?? courses.data)
    const course = list.find((c) => c.title === 'Chess Fundamentals')
    const upload = async (size) => {
      const { stream, type } = body(course._id, size)
      const r = await fetch(`${base}/api/videos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.token}`, 'content-type': type },
        body: stream,
        duplex: 'half',
      })
      if (r.status !== 201) throw new Error(`upload answered ${r.status}: ${await r.text()}`)
    }
    await upload(12 * MB) // warm-up: the S3 client loaded and its multipart upload's code run once, the parser's first use
    await new Promise((r) => setTimeout(r, 2000))
    const before = rssMB(child.pid)
    let peak = before
    const timer = setInterval(() => (peak = Math.max(peak, rssMB(child.pid) ?? 0)), 20)
    const t0 = Date.now()
    await upload(SIZE)
    const seconds = (Date.now() - t0) / 1000
    clearInterval(timer)
    peak = Math.max(peak, rssMB(child.pid) ?? 0)
    return {
      storage: label,
      fileMB: SIZE / MB,
      rssBeforeMB: before,
      rssPeakMB: peak,
      growthMB: peak - before,
      seconds,
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * The figures: the upload to s3rver `runs` times (each on a server of its own) and once to the local disk, each
 * `{ storage, fileMB, rssBeforeMB, rssPeakMB, growthMB, seconds }`.
 */
export async function s3UploadFigures(runs = 3) {
  ensureServerBuild()
  const directory = mkdtempSync(join(tmpdir(), 'bench-s3rver-'))
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: 'media', configs: [] }],
  })
  const { port } = await s3.run()
  try {
    const toS3 = []
    for (let i = 0; i < runs; i++)
      toS3.push(
        await measure('s3', {
          MEDIA_STORAGE: 's3',
          S3_BUCKET: 'media',
          S3_REGION: 'us-east-1',
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_FORCE_PATH_STYLE: '1',
          AWS_ACCESS_KEY_ID: 'S3RVER',
          AWS_SECRET_ACCESS_KEY: 'S3RVER',
        }),
      )
    return { s3: toS3, local: await measure('local', {}) }
  } finally {
    await s3.close()
    rmSync(directory, { recursive: true, force: true })
  }
}

// Run alone: one JSON line per upload.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { s3, local } = await s3UploadFigures()
  for (const figures of [...s3, local]) console.log(JSON.stringify(figures))
}
