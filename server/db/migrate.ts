import { fileURLToPath } from 'node:url'
import Postgrator from 'postgrator'
import type { Db } from './db'

const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url))

/** Brings the schema up to the newest numbered migration in server/db/migrations. */
export async function migrate(db: Db): Promise<void> {
  const postgrator = new Postgrator({
    migrationPattern: `${migrationsDir.replace(/\\/g, '/')}/*.sql`,
    driver: 'pg',
    schemaTable: 'schemaversion',
    execQuery: async (sql: string) => ({ rows: await db.query(sql) }),
    execSqlScript: (sql: string) => db.exec(sql),
  })
  await postgrator.migrate()
}
