import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { contractValidator } from '../openapi'
import { actorOf } from '../plugins/auth'
import { userRateLimit } from '../plugins/userRateLimit'
import { BadInput, TooLarge, UnsupportedMedia } from '../services/errors'
import type { MediaStore, PendingMedia } from '../services/media/media'
import * as videos from '../services/media/videos'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

/** The multipart fields other than the file, validated by the contract's VideoUpload schema. */
function uploadFieldsValidator(app: FastifyInstance) {
  const upload =
    app.contract.operations.get('uploadVideo')!.requestBody!.content['multipart/form-data'].schema!
  const properties = { ...(upload.properties as Record<string, unknown>) }
  delete properties.file
  return contractValidator<{ courseId: string }>({ type: 'object', required: ['courseId'], properties })
}

/** What the multipart body gave so far: its fields, and the file once stored (discarded by the route's end). */
interface Received {
  fields: Record<string, string>
  upload?: { pending: PendingMedia; originalName: string; truncated: boolean }
}

/**
 * Reads the parts into `received`: every field, and the first part named 'file' saved to the media store (after
 * `beforeFile` has seen the fields sent before it); any other file is drained unread.
 */
async function receiveParts(
  req: FastifyRequest,
  fileLimit: number,
  received: Received,
  media: MediaStore,
  beforeFile: (fields: Record<string, string>) => Promise<void>,
) {
  const parts = req.parts({ limits: { fileSize: fileLimit, files: 1, fields: 10, fieldSize: 1024 } })
  for await (const part of parts) {
    if (part.type === 'field') {
      received.fields[part.fieldname] = String(part.value)
      continue
    }
    if (part.fieldname !== 'file' || received.upload) {
      part.file.resume()
      continue
    }
    await beforeFile(received.fields)
    const pending = await media.save(part.file)
    received.upload = { pending, originalName: part.filename, truncated: part.file.truncated }
  }
}

/** The first error of the fields' validation, as the 400 names it: the field under body/ and what is wrong with it. */
function invalidField(validateFields: ReturnType<typeof uploadFieldsValidator>) {
  const e = validateFields.errors?.[0]
  const field = e?.instancePath ? e.instancePath.slice(1) : String(e?.params?.missingProperty ?? 'courseId')
  return new BadInput(`body/${field} ${e?.message ?? 'is invalid'}`)
}

export async function videoRoutes(app: FastifyInstance, { db, config, signer, media }: RouteDeps) {
  // Multipart bodies are for the upload alone: registered in this plugin's scope, its parser and its hooks (one on
  // every request's start and end) stay off every other route, where a multipart body is a 415 like any non-JSON one.
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } })
  const validateFields = uploadFieldsValidator(app)

  // Counted per user once the role is checked: a 401 or 403 never counts.
  const uploadLimit = userRateLimit(db, 'upload', config.uploadRateLimitMax)
  const quota = config.uploadQuotaBytes

  defineRoute(
    app,
    'uploadVideo',
    { preHandler: [app.requireRole('instructor', 'admin'), uploadLimit] },
    async (req, reply) => {
      if (!req.isMultipart())
        throw new UnsupportedMedia('Send the video as multipart/form-data with fields courseId and file')
      // A full quota refuses the upload before a byte is stored; otherwise the file may take what is left.
      const used = await videos.assertQuotaLeft(db, actorOf(req), quota)
      const fileLimit = Math.min(config.uploadMaxBytes, quota - used)
      const tooLarge = () =>
        fileLimit < config.uploadMaxBytes
          ? new videos.QuotaExceeded(
              quota,
              used,
              ` and this file is larger than the ${videos.megabytes(quota - used)} MB left`,
            )
          : new TooLarge(`The file is larger than ${config.uploadMaxBytes} bytes`)
      const received: Received = { fields: {} }
      let parsing = true
      try {
        await receiveParts(req, fileLimit, received, media, async (fields) => {
          // When courseId comes first (as the SPA sends it), refuse a non-owner before storing anything.
          if (fields.courseId && validateFields(fields))
            await videos.assertCanUpload(db, actorOf(req), fields.courseId)
        })
        parsing = false
        const { fields, upload } = received
        if (!upload) throw new BadInput('body/file is required')
        if (upload.truncated) throw tooLarge()
        if (!validateFields(fields)) throw invalidField(validateFields)
        const kind = videos.sniffVideo(upload.pending.head)
        if (!kind) throw new UnsupportedMedia('The file is not an MP4, WebM or Ogg video')
        await videos.assertCanUpload(db, actorOf(req), fields.courseId)
        // The stored name is generated: the client's file name never reaches the storage.
        const input = {
          courseId: fields.courseId,
          originalName: upload.originalName,
          mimeType: kind.mimeType,
          ext: kind.ext,
        }
        const video = await videos.storeVideo(
          { db, media, signer, ttlSeconds: config.mediaUrlTtl },
          actorOf(req),
          upload.pending,
          input,
          quota,
        )
        return reply.code(201).send(video)
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
        if (parsing && videos.isMalformedUpload(err)) {
          throw new BadInput(`The multipart body is malformed: ${(err as Error).message}`)
        }
        throw err
      } finally {
        await received.upload?.pending.discard()
      }
    },
  )

  signedIn(app, (group) => {
    defineRoute(group, 'getVideo', {}, async (req) =>
      videos.getVideo(db, actorOf(req), req.params.videoId, {
        signer,
        media,
        ttlSeconds: config.mediaUrlTtl,
      }),
    )
  })

  streamVideoRoute(app, { db, signer, media })
}

/** The video's bytes, by a signed link (no session: the video element fetches it). */
function streamVideoRoute(
  app: FastifyInstance,
  { db, signer, media }: Pick<RouteDeps, 'db' | 'signer' | 'media'>,
) {
  // The request log line carries the URL: never its signature, or a log reader could replay the link.
  // (app.ts's logger does the same for every URL; this keeps it true whatever logger the app is given)
  const logSerializers = { req: videos.requestLogSerializer }

  defineRoute(app, 'streamVideo', { logSerializers }, async (req, reply) => {
    const { videoId } = req.params
    const { exp, sig } = req.query
    signer.check(videoId, exp, sig)
    const video = await videos.findVideo(db, videoId)
    const file = await media.stream(video.stored_name, req.headers.range)
    reply
      .header('Accept-Ranges', 'bytes')
      .header('Content-Type', video.mime_type)
      .header('Cache-Control', 'private, max-age=300')
    if (!file.range) {
      reply.header('Content-Length', file.size)
      return reply.code(200).send(file.body)
    }
    reply.header('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
    reply.header('Content-Length', file.range.end - file.range.start + 1)
    return reply.code(206).send(file.body)
  })
}
