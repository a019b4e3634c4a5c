import type { components } from '../generated/contract'

/** A schema of the contract (openapi/openapi.yaml) by name, as generated into server/generated/contract.ts. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N]

export type Role = Schema<'Role'>

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
