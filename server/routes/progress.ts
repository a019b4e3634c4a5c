import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as progress from '../services/learning/progress'
import * as puzzleSets from '../services/learning/puzzleSets'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function progressRoutes(app: FastifyInstance, { db }: RouteDeps) {
  signedIn(app, (group) => {
    defineRoute(group, 'getMyProgress', {}, async (req) => progress.myProgress(db, actorOf(req)))

    defineRoute(group, 'saveModuleProgress', {}, async (req) =>
      progress.saveModuleProgress(db, actorOf(req), req.params.moduleId, req.body),
    )

    defineRoute(group, 'setModuleCompletion', {}, async (req) =>
      progress.setModuleCompletion(db, actorOf(req), req.params.moduleId, req.body.completed),
    )

    defineRoute(group, 'recordModulePuzzle', {}, async (req) =>
      puzzleSets.recordModulePuzzle(
        db,
        actorOf(req),
        req.params.moduleId,
        Number(req.params.index),
        req.body.solved,
      ),
    )

    defineRoute(group, 'getCourseProgress', {}, async (req) =>
      progress.courseProgress(db, actorOf(req), req.params.courseId),
    )
  })
}
