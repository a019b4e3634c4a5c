import { expectContract } from './contract'
import type { TestServer } from './buildServer'

/**
 * An instructor's course with one module, 'The Italian Game', whose line is `pgn` for White, and a student enrolled
 * in it; the module is made through POST /api/modules, so its line is counted and kept as the product keeps it.
 */
export async function enrolledLineModule(server: TestServer, pgn: string) {
  const owner = await server.createUser('instructor')
  const student = await server.createUser('student')
  const courseId = await server.createCourse(owner)
  await server.db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [
    courseId,
    student.id,
  ])
  const made = await server.app.inject({
    method: 'POST',
    url: '/api/modules',
    headers: owner.auth,
    payload: {
      title: 'The Italian Game',
      description: 'Open games.',
      videoUrl: 'https://vimeo.com/1',
      courseId,
      line: { pgn, side: 'white' },
    },
  })
  const moduleId = (expectContract('createModule', made) as { _id: string })._id
  return { owner, student, courseId, moduleId }
}
