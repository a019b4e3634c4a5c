import type { FastifyInstance } from 'fastify'
import { NotFound } from '../services/errors'
import * as videos from '../services/media/videos'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

/** A video's poster frame, read through the video's signed URL (an <video poster> sends no Authorization header). */
export async function posterRoutes(app: FastifyInstance, { db, signer, media }: RouteDeps) {
  defineRoute(
    app,
    'streamPoster',
    { logSerializers: { req: videos.requestLogSerializer } },
    async (req, reply) => {
      const { videoId } = req.params
      signer.check(videoId, req.query.exp, req.query.sig)
      const video = await videos.findVideo(db, videoId)
      if (!video.poster_name) throw new NotFound('Poster')
      const file = await media.stream(video.poster_name)
      return reply
        .header('Content-Type', 'image/jpeg')
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Length', file.size)
        .code(200)
        .send(file.body)
    },
  )
}
