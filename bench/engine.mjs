// The practice board's engine: the bytes fetched when a level is chosen, its start, and its first reply per level.
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { KB, newContext, round } from './support.mjs'

// A visitor chooses a level on /home: what the engine costs to fetch and start, and how long each level takes to
// answer 1. e4 (from the click on 'Play move' to 'AI moved.').
export async function engineFigures(browser, base) {
  const context = await newContext(browser, base)
  const page = await context.newPage()
  const files = []
  const pending = []
  page.on('response', (resp) => {
    const path = new URL(resp.url()).pathname
    if (!path.startsWith('/engine/') || resp.status() !== 200) return
    pending.push(
      resp
        .body()
        .then((body) => files.push({ path, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length })),
    )
  })
  await page.goto('/home', { waitUntil: 'networkidle' })
  await page.locator('[data-square="e2"]').waitFor()
  const opponent = page.getByLabel('Opponent')
  const t0 = performance.now()
  await opponent.selectOption({ label: 'Level 1' })
  await page.getByText('Starting the engine…').waitFor({ state: 'hidden', timeout: 30_000 })
  const startMs = performance.now() - t0
  await Promise.all(pending)
  const firstReply = []
  for (let level = 1; level <= 8; level += 1) {
    await opponent.selectOption({ label: `Level ${level}` })
    await page.getByRole('button', { name: 'New game' }).click()
    await page.getByLabel('Your move').fill('e4')
    const t = performance.now()
    await page.getByRole('button', { name: 'Play move' }).click()
    await page
      .getByRole('status', { name: 'Game status' })
      .getByText('AI moved.')
      .waitFor({ timeout: 10_000 })
    firstReply.push({ level, ms: round(performance.now() - t) })
  }
  await context.close()
  const sum = (key) => files.reduce((n, f) => n + f[key], 0)
  return {
    files: files.map((f) => f.path),
    rawKB: round(sum('bytes') / KB, 1),
    gzipKB: round(sum('gzip') / KB, 1),
    startMs: round(startMs),
    firstReply,
  }
}
