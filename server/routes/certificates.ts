import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as certificates from '../services/learning/certificates'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function certificateRoutes(app: FastifyInstance, { db }: RouteDeps) {
  // Public by its link; a private one only for its holder, so the answer depends on the Authorization header.
  defineRoute(app, 'getCertificate', { preHandler: app.authenticateOptional }, async (req, reply) => {
    void reply.header('Vary', 'Authorization')
    return certificates.getCertificate(db, req.params.certificateId, req.actor ?? null)
  })

  signedIn(app, (group) => {
    defineRoute(group, 'getMyCertificates', {}, async (req) => certificates.myCertificates(db, actorOf(req)))

    defineRoute(group, 'setCertificatePrivacy', {}, async (req) =>
      certificates.setPrivacy(db, actorOf(req), req.body.private),
    )
  })
}
