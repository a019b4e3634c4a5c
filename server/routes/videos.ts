import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import { isDbUnavailable } from '../db/db'
import { BadInput, DomainError, NotFound, RangeNotSatisfiable, TooLarge, UnsupportedMedia } from '../services/errors'
import * as videos from '../services/videos'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

type VideoParams = { videoId: string }

/** Parses one `bytes=` range against a file size; undefined = whole file; throws 416 when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
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

/** The multipart fields other than the file, validated by the contract's VideoUpload schema. */
function uploadFieldsValidator(app: FastifyInstance) {
  const upload = app.contract.operations.get('uploadVideo')!.requestBody!.content['multipart/form-data']!.schema!
  const properties = { ...(upload.properties as Record<string, unknown>) }
  delete properties.file
  const ajv = new Ajv({ allErrors: false, strict: false })
  addFormats.default(ajv)
  return ajv.compile({ type: 'object', required: ['courseId'], properties })
}

export async function videoRoutes(app: FastifyInstance, { db, config, signer }: RouteDeps) {
  const validateFields = uploadFieldsValidator(app)
  const mediaRoot = resolve(config.mediaDir)

  defineRoute(app, 'uploadVideo', { preHandler: app.requireRole('instructor', 'admin') }, async (req, reply) => {
    if (!req.isMultipart()) throw new UnsupportedMedia('Send the video as multipart/form-data with fields courseId and file')
    await mkdir(mediaRoot, { recursive: true })
    const fields: Record<string, string> = {}
    let upload: { id: string; temp: string; size: number; head: Buffer; originalName: string; truncated: boolean } | undefined
    let parsing = true
    try {
      const parts = req.parts({ limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 1024 } })
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value)
          continue
        }
        if (part.fieldname !== 'file' || upload) {
          part.file.resume()
          continue
        }
        // When courseId comes first (as the SPA sends it), refuse a non-owner before storing anything.
        if (fields.courseId && validateFields(fields)) await videos.assertCanUpload(db, actorOf(req), fields.courseId)
        // The stored name is generated: the client's file name never reaches the file system.
        const id = randomUUID()
        const current = { id, temp: join(mediaRoot, `.upload-${id}`), size: 0, head: Buffer.alloc(0), originalName: part.filename, truncated: false }
        upload = current
        const sniff = new Transform({
          transform(chunk: Buffer, _enc, done) {
            if (current.head.length < 16) current.head = Buffer.concat([current.head, chunk]).subarray(0, 16)
            current.size += chunk.length
            done(null, chunk)
          },
        })
        await pipeline(part.file, sniff, createWriteStream(current.temp, { mode: 0o600 }))
        current.truncated = part.file.truncated
      }
      parsing = false
      if (!upload) throw new BadInput('body/file is required')
      if (upload.truncated) throw new TooLarge(`The file is larger than ${config.uploadMaxBytes} bytes`)
      if (!validateFields(fields)) {
        const e = validateFields.errors?.[0]
        const field = e?.instancePath ? e.instancePath.slice(1) : String(e?.params?.missingProperty ?? 'courseId')
        throw new BadInput(`body/${field} ${e?.message ?? 'is invalid'}`)
      }
      const kind = videos.sniffVideo(upload.head)
      if (!kind) throw new UnsupportedMedia('The file is not an MP4, WebM or Ogg video')
      await videos.assertCanUpload(db, actorOf(req), fields.courseId!)
      const { id, temp, size, originalName } = upload
      const storedName = `${id}.${kind.ext}`
      await rename(temp, join(mediaRoot, storedName))
      upload = undefined
      try {
        const input = { id, courseId: fields.courseId!, storedName, originalName, mimeType: kind.mimeType, size }
        return reply.code(201).send(await videos.recordVideo(db, actorOf(req), input, signer))
      } catch (err) {
        await rm(join(mediaRoot, storedName), { force: true })
        throw err
      }
    } catch (err) {
      const e = err as { code?: string }
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new TooLarge(`The file is larger than ${config.uploadMaxBytes} bytes`)
      // the multipart parser's own errors carry no code (file-system errors do): a malformed body, so 400
      if (parsing && err instanceof Error && e.code === undefined && !(err instanceof DomainError) && !isDbUnavailable(err)) {
        throw new BadInput(`The multipart body is malformed: ${err.message}`)
      }
      throw err
    } finally {
      if (upload) await rm(upload.temp, { force: true })
    }
  })

  defineRoute(app, 'getVideo', { preHandler: app.authenticate }, async (req) =>
    videos.getVideo(db, actorOf(req), (req.params as VideoParams).videoId, signer),
  )

  defineRoute(app, 'streamVideo', {}, async (req, reply) => {
    const { videoId } = req.params as VideoParams
    const { exp, sig } = req.query as { exp: string; sig: string }
    signer.check(videoId, exp, sig)
    const video = await videos.findVideo(db, videoId)
    const file = resolve(mediaRoot, video.stored_name)
    if (!file.startsWith(mediaRoot + sep)) throw new NotFound('Video')
    const info = await stat(file).catch(() => undefined)
    if (!info?.isFile()) throw new NotFound('Video file')
    const range = parseRange(req.headers.range, info.size)
    reply
      .header('Accept-Ranges', 'bytes')
      .header('Content-Type', video.mime_type)
      .header('Cache-Control', 'private, max-age=300')
    if (!range) {
      reply.header('Content-Length', info.size)
      return reply.code(200).send(createReadStream(file))
    }
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
    reply.header('Content-Length', range.end - range.start + 1)
    return reply.code(206).send(createReadStream(file, { start: range.start, end: range.end }))
  })
}
