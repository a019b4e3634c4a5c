// The optimistic edit: how soon an instructor's 'Update Module' shows in the list, next to when the server answers.
import { performance } from 'node:perf_hooks'
import { newContext, round } from './support.mjs'

/** An instructor edits a module: the list shows the change before the server answers (400 ms added latency). */
export async function moduleUpdateFigures(browser, base, data) {
  const context = await newContext(browser, base, data.teacher)
  const addedLatencyMs = 400
  await context.route('**/api/modules/*', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, addedLatencyMs))
    return route.continue()
  })
  const page = await context.newPage()
  await page.goto(`/courses/${data.course._id}/modules`, { waitUntil: 'networkidle' })
  const cardOf = (t) =>
    page
      .locator('article, li, section')
      .filter({ has: page.getByText(t, { exact: true }) })
      .last()
  await cardOf('Module 3').getByRole('button', { name: /^edit/i }).click()
  await page.getByPlaceholder('Module Title').fill('Module 3 (revised)')
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/modules/'),
  )
  const t0 = performance.now()
  let answerMs
  answered.then(() => (answerMs = performance.now() - t0)).catch(() => {})
  await page.getByRole('button', { name: 'Update Module' }).click()
  await page.getByText('Module 3 (revised)', { exact: true }).first().waitFor()
  const viewMs = performance.now() - t0
  await answered
  const figures = {
    clickToListMs: round(viewMs),
    serverAnswerMs: round(answerMs),
    addedLatencyMs,
    optimistic: viewMs < answerMs,
  }
  await context.close()
  return figures
}
