export type Role = 'student' | 'instructor' | 'admin'

/** The caller of a service, as read from the database for this request. */
export interface Actor {
  id: string
  role: Role
  username: string
}

/** Database timestamps arrive as Date (pg, PGlite) or string; the wire carries ISO 8601. */
export function iso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString()
}
