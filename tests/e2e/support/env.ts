// What scripts/e2e.mjs hands the browser tests.
export type Role = 'student' | 'instructor' | 'admin'
export interface Account {
  username: string
  email: string
  password: string
  role: Role
}

function required(name: string): string {
  const v = process.env[name]
  if (!v) throw new Error(`${name} is not set: run the browser tests with \`node scripts/e2e.mjs\``)
  return v
}

export const baseUrl = required('E2E_BASE_URL')
export const database = process.env.E2E_DATABASE ?? 'pglite'
/** The server's DATA_DIR: without SMTP_URL its mail is written as `.eml` files to `mail/` there. */
export const dataDir = process.env.E2E_DATA_DIR
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const accounts = JSON.parse(required('E2E_ACCOUNTS')) as Record<
  'admin' | 'instructor' | 'student' | 'promoted',
  Account
>

/** A short unique suffix for names created by one test. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`
}
