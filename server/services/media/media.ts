import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { NotFound, RangeNotSatisfiable } from '../errors'

/** An upload held under a temporary name until it is kept under its final name or discarded. */
export interface PendingMedia {
  /** Bytes received. */
  readonly size: number
  /** The first bytes (up to 16), to tell what the file is. */
  readonly head: Buffer
  /** Stores the upload as `name`; after this, `discard` does nothing. */
  keep(name: string): Promise<void>
  /** Drops the upload if it was not kept; safe to call more than once. */
  discard(): Promise<void>
}

/** One stored file, or the requested range of it, ready to send. */
export interface MediaStream {
  /** 200 for the whole file, 206 for a range. */
  status: 200 | 206
  /** The size of the whole file. */
  size: number
  /** The sent bytes, inclusive, when a range was asked for. */
  range?: { start: number; end: number }
  body: Readable
}

interface WarnLogger {
  warn(obj: object, msg: string): void
}

/**
 * Where uploaded media live: the routes and services save, stream and remove files only through this, so
 * another storage (object storage) is one more implementation, not a change to the routes.
 */
export interface MediaStore {
  /** Reads an upload to its end and holds it, pending (the caller keeps or discards it). */
  save(source: Readable): Promise<PendingMedia>
  /** The file `name` (or the `Range` header's part of it); 404 when missing, 416 for a bad range. */
  stream(name: string, rangeHeader?: string): Promise<MediaStream>
  /** The size of the file `name` in bytes, undefined when there is none. */
  size(name: string): Promise<number | undefined>
  /**
   * Removes files whose records are gone (a module's last use, a course). A file already gone is fine; one
   * that cannot be removed is logged, not thrown: the records are deleted and the client's request succeeded.
   */
  remove(names: string[], log?: WarnLogger): Promise<void>
  /**
   * Object storage only: a URL of the storage itself for the file, valid `ttlSeconds`, answered with `mimeType`
   * (browsers then fetch the bytes from the storage). Absent: the server streams the file (a signed /api/media URL).
   */
  signedUrl?(name: string, mimeType: string, ttlSeconds: number): Promise<string>
  /** Lets go of what the store holds open (object storage: its client's connections). */
  close?(): void
}

/** Parses one `bytes=` range against a file size; undefined = whole file; throws 416 when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined {
  if (header === undefined) return undefined
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) throw new RangeNotSatisfiable(size)
  let start: number
  let end: number
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) throw new RangeNotSatisfiable(size)
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  if (start >= size || start > end) throw new RangeNotSatisfiable(size)
  return { start, end }
}

/** Media in one local folder (MEDIA_DIR): files are owner-only (0600), names never leave the folder. */
export class LocalMediaStore implements MediaStore {
  private readonly root: string

  constructor(dir: string) {
    this.root = resolve(dir)
  }

  /** The file's path, or undefined for a name that would leave the folder. */
  private path(name: string): string | undefined {
    const file = resolve(this.root, name)
    return file.startsWith(this.root + sep) ? file : undefined
  }

  async save(source: Readable): Promise<PendingMedia> {
    await mkdir(this.root, { recursive: true })
    const temp = join(this.root, `.upload-${randomUUID()}`)
    let size = 0
    let head = Buffer.alloc(0)
    const measure = new Transform({
      transform(chunk: Buffer, _enc, done) {
        if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16)
        size += chunk.length
        done(null, chunk)
      },
    })
    let pending = true
    const discard = async () => {
      if (!pending) return
      pending = false
      await rm(temp, { force: true })
    }
    try {
      await pipeline(source, measure, createWriteStream(temp, { mode: 0o600 }))
    } catch (err) {
      await discard()
      throw err
    }
    return {
      size,
      head,
      keep: async (name) => {
        const file = this.path(name)
        if (!file) throw new Error(`media name ${name} leaves the media folder`)
        await rename(temp, file)
        pending = false
      },
      discard,
    }
  }

  async size(name: string): Promise<number | undefined> {
    const file = this.path(name)
    const info = file ? await stat(file).catch(() => undefined) : undefined
    return info?.isFile() ? info.size : undefined
  }

  async stream(name: string, rangeHeader?: string): Promise<MediaStream> {
    const file = this.path(name)
    const size = await this.size(name)
    if (!file || size === undefined) throw new NotFound('Video file')
    const range = parseRange(rangeHeader, size)
    if (!range) return { status: 200, size, body: createReadStream(file) }
    return { status: 206, size, range, body: createReadStream(file, range) }
  }

  async remove(names: string[], log?: WarnLogger): Promise<void> {
    await Promise.all(
      names.map(async (name) => {
        const file = this.path(name)
        if (!file) return
        try {
          await rm(file, { force: true })
        } catch (err) {
          log?.warn({ err, file: name }, 'could not remove a deleted video file')
        }
      }),
    )
  }
}
