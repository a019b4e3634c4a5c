import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import { userRateLimit } from '../plugins/userRateLimit'
import * as captions from '../services/media/captions'
import { BadInput, TooLarge, UnsupportedMedia } from '../services/errors'
import * as videos from '../services/media/videos'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

/** A video's WebVTT captions: uploaded, replaced and removed by the course's owner, read through a signed URL. */
export async function captionRoutes(app: FastifyInstance, { db, config, signer, media }: RouteDeps) {
  // Multipart in this plugin's scope only, as for the videos (routes/videos.ts).
  await app.register(multipart, { limits: { fileSize: captions.CAPTIONS_MAX_BYTES, files: 1 } })
  // The same count as video uploads: a 401 or 403 never counts.
  const uploadLimit = userRateLimit(db, 'upload', config.uploadRateLimitMax)
  const owners = { preHandler: [app.requireRole('instructor', 'admin'), uploadLimit] }

  defineRoute(app, 'uploadCaptions', owners, async (req, reply) => {
    if (!req.isMultipart())
      throw new UnsupportedMedia('Send the captions as multipart/form-data with the field file')
    let bytes: Buffer | undefined
    try {
      for await (const part of req.parts({ limits: { files: 1, fields: 5, fieldSize: 1024 } })) {
        if (part.type === 'field') continue
        if (part.fieldname !== 'file' || bytes) {
          part.file.resume()
          continue
        }
        bytes = await part.toBuffer()
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new TooLarge(`The captions file is larger than ${captions.CAPTIONS_MAX_BYTES / 1024} KB`)
      if (videos.isMalformedUpload(err))
        throw new BadInput(`The multipart body is malformed: ${(err as Error).message}`)
      throw err
    }
    if (!bytes) throw new BadInput('body/file is required')
    const urls = { signer, media, ttlSeconds: config.mediaUrlTtl }
    const video = await captions.storeCaptions({ db, media, urls }, actorOf(req), req.params.videoId, bytes)
    return reply.code(200).send(video)
  })

  defineRoute(app, 'deleteCaptions', owners, async (req, reply) => {
    await captions.deleteCaptions({ db, media }, actorOf(req), req.params.videoId)
    return reply.code(204).send()
  })

  // Signed like the video (its URL's signature): the <track> element sends no Authorization header.
  defineRoute(
    app,
    'streamCaptions',
    { logSerializers: { req: videos.requestLogSerializer } },
    async (req, reply) => {
      const { videoId } = req.params
      signer.check(videoId, req.query.exp, req.query.sig)
      const video = await videos.findVideo(db, videoId)
      if (!video.captions_name) throw new captions.NoCaptions()
      const file = await media.stream(video.captions_name)
      return reply
        .header('Content-Type', 'text/vtt; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Length', file.size)
        .code(200)
        .send(file.body)
    },
  )
}
