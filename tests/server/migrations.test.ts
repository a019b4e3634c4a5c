import { describe, expect, it } from 'vitest'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { migrate } from '../../server/db/migrate'
import { useTestServer } from '../helpers/buildServer'

const server = useTestServer()
const q = (sql: string, params: unknown[] = []) => server.current.db.query(sql, params)

async function refusal(sql: string, params: unknown[] = []): Promise<string | undefined> {
  try {
    await q(sql, params)
    return undefined
  } catch (err) {
    return (err as { code?: string }).code
  }
}

async function user(name: string, email = `${name}@example.com`) {
  const [row] = await server.current.db.query<{ id: string }>(
    "INSERT INTO users (username, email, password_hash) VALUES ($1, $2, 'x') RETURNING id",
    [name, email],
  )
  return row.id
}

async function course(instructor: string, price = 10) {
  const [row] = await server.current.db.query<{ id: string }>(
    "INSERT INTO courses (title, description, price_cents, instructor_id) VALUES ('t', 'd', $1 * 100, $2) RETURNING id",
    [price, instructor],
  )
  return row.id
}

describe('migrations', () => {
  it('are recorded by postgrator and running them again changes nothing', async () => {
    await migrate(server.current.db)
    const versions = await q(
      'SELECT version::int AS version FROM schemaversion WHERE version > 0 ORDER BY version',
    )
    // every file in server/db/migrations, in order, recorded once
    const files = readdirSync(join(import.meta.dirname, '../../server/db/migrations'))
      .map((f) => Number(/^(\d+)\.do\./.exec(f)?.[1]))
      .filter((n) => n > 0)
      .sort((a, b) => a - b)
    expect(files.length).toBeGreaterThanOrEqual(6)
    expect(versions).toEqual(files.map((version) => ({ version })))
  })
})

describe('database constraints', () => {
  it('keeps email and username unique case-insensitively and emails lower-case', async () => {
    await user('Magnus', 'magnus@example.com')
    expect(
      await refusal(
        "INSERT INTO users (username, email, password_hash) VALUES ('other', 'magnus@example.com', 'x')",
      ),
    ).toBe('23505')
    expect(
      await refusal(
        "INSERT INTO users (username, email, password_hash) VALUES ('MAGNUS', 'm2@example.com', 'x')",
      ),
    ).toBe('23505')
    expect(
      await refusal(
        "INSERT INTO users (username, email, password_hash) VALUES ('upper', 'UP@example.com', 'x')",
      ),
    ).toBe('23514')
    expect(
      await refusal(
        "INSERT INTO users (username, email, password_hash, role) VALUES ('r', 'r@example.com', 'x', 'root')",
      ),
    ).toBe('23514')
  })

  it('allows one enrollment per (course, student), one follow per (user, player) and one cart item per course', async () => {
    const t = await user('teacher')
    const s = await user('student')
    const c = await course(t)
    await q('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [c, s])
    expect(await refusal('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [c, s])).toBe(
      '23505',
    )
    await q("INSERT INTO follows (user_id, player) VALUES ($1, 'Hikaru')", [s])
    expect(await refusal("INSERT INTO follows (user_id, player) VALUES ($1, 'hIKARU')", [s])).toBe('23505')
    await q('INSERT INTO cart_items (user_id, course_id) VALUES ($1, $2)', [s, c])
    expect(await refusal('INSERT INTO cart_items (user_id, course_id) VALUES ($1, $2)', [s, c])).toBe('23505')
  })

  it('refuses a negative price, an over-long comment and a stored media name that could leave the media folder', async () => {
    const t = await user('teacher')
    expect(await refusal("INSERT INTO courses (title, description, price_cents) VALUES ('t', 'd', -1)")).toBe(
      '23514',
    )
    const c = await course(t, 0)
    expect(
      await refusal("INSERT INTO comments (user_id, player, comment) VALUES ($1, 'hikaru', $2)", [
        t,
        'x'.repeat(2001),
      ]),
    ).toBe('23514')
    expect(
      await refusal(
        "INSERT INTO videos (course_id, stored_name, original_name, mime_type, size) VALUES ($1, '../../etc/passwd', 'x', 'video/webm', 1)",
        [c],
      ),
    ).toBe('23514')
    expect(
      await refusal('INSERT INTO enrollments (course_id, student_id) VALUES ($1, gen_random_uuid())', [c]),
    ).toBe('23503')
  })

  it('deletes a course together with its modules, videos, enrollments and cart items', async () => {
    const t = await user('teacher')
    const s = await user('student')
    const c = await course(t)
    const keep = await course(t)
    await q(
      "INSERT INTO videos (id, course_id, stored_name, original_name, mime_type, size) VALUES ('11111111-1111-4111-8111-111111111111', $1, '11111111-1111-4111-8111-111111111111.webm', 'v', 'video/webm', 1)",
      [c],
    )
    await q(
      "INSERT INTO modules (course_id, title, description, video_url, video_id, position) VALUES ($1, 'm', 'd', '/v', '11111111-1111-4111-8111-111111111111', 1)",
      [c],
    )
    await q(
      "INSERT INTO modules (course_id, title, description, video_url, position) VALUES ($1, 'kept', 'd', '/v', 1)",
      [keep],
    )
    await q('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [c, s])
    await q('INSERT INTO cart_items (user_id, course_id) VALUES ($1, $2)', [s, c])
    await q('DELETE FROM courses WHERE id = $1', [c])
    for (const table of ['videos', 'enrollments', 'cart_items'])
      expect(await q(`SELECT 1 FROM ${table}`), table).toHaveLength(0)
    expect(await q('SELECT title FROM modules')).toEqual([{ title: 'kept' }])
  })

  it('keeps one progress row per (user, module), within a day of video, gone with its module, course or user', async () => {
    const t = await user('teacher')
    const s = await user('student')
    const c = await course(t)
    const [m1, m2] = (
      await q(
        `INSERT INTO modules (course_id, title, description, video_url, position)
         VALUES ($1, 'one', 'd', '/v', 1), ($1, 'two', 'd', '/v', 2) RETURNING id, position`,
        [c],
      )
    )
      .sort((a, b) => Number(a.position) - Number(b.position))
      .map((r) => String(r.id))
    const progress = (userId: string, moduleId: string, position: unknown = 10, duration: unknown = 600) =>
      refusal(
        `INSERT INTO module_progress (user_id, module_id, course_id, position_seconds, duration_seconds)
         VALUES ($1, $2, $3, $4, $5)`,
        [userId, moduleId, c, position, duration],
      )
    expect(await progress(s, m1)).toBeUndefined()
    expect(await progress(s, m1)).toBe('23505')
    for (const [position, duration] of [
      [-1, 600],
      [86400.5, null],
      ['Infinity', 600],
      [10, 0],
      [10, 86401],
      [10, '-Infinity'],
    ])
      expect(await progress(s, m2, position, duration), `${position} of ${duration}`).toBe('23514')
    expect(await progress(s, m2, 86400, null)).toBeUndefined()
    expect(await progress(t, m2)).toBeUndefined()
    expect(await progress(s, '11111111-1111-4111-8111-111111111111')).toBe('23503')
    const rows = () => q('SELECT user_id, module_id FROM module_progress ORDER BY user_id, module_id')
    await q('DELETE FROM modules WHERE id = $1', [m1])
    expect(await rows()).toEqual(
      [
        { user_id: s, module_id: m2 },
        { user_id: t, module_id: m2 },
      ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
    )
    await q('DELETE FROM users WHERE id = $1', [s])
    expect(await rows()).toEqual([{ user_id: t, module_id: m2 }])
    await q('DELETE FROM courses WHERE id = $1', [c])
    expect(await rows()).toEqual([])
  })

  it('keeps courses when their instructor account is deleted (instructor becomes null)', async () => {
    const t = await user('teacher')
    const c = await course(t)
    await q('DELETE FROM users WHERE id = $1', [t])
    expect(await q('SELECT instructor_id FROM courses WHERE id = $1', [c])).toEqual([{ instructor_id: null }])
  })
})
