// Navigation: the requests and the click-to-view time while a student browses between the course list and a
// course's modules.
import { performance } from 'node:perf_hooks'
import { newContext, round } from './support.mjs'

/** A student browses courses -> modules -> courses -> modules -> courses: one row per view. */
export async function navigationFigures(browser, base, data) {
  const context = await newContext(browser, base, data.student)
  const page = await context.newPage()
  let requests = []
  page.on('request', (r) => requests.push(r.url().slice(base.length)))
  await page.goto('/courses', { waitUntil: 'networkidle' })
  const cardTitle = data.course.title
  await page.getByText(cardTitle, { exact: true }).first().waitFor()
  const kinds = (list) => ({
    apiRequests: list.filter((u) => u.startsWith('/api/') && !u.startsWith('/api/media/')).length,
    mediaRequests: list.filter((u) => u.startsWith('/api/media/')).length,
    otherRequests: list.filter((u) => !u.startsWith('/api/')).length,
  })
  const steps = [{ view: 'courses (page load)', ...kinds(requests), clickToViewMs: null }]
  const modulesLink = () =>
    page
      .locator('article, li, section')
      .filter({ has: page.getByText(cardTitle, { exact: true }) })
      .last()
      .getByRole('link', { name: 'View Modules' })
  const toModules = async () => {
    await modulesLink().click()
    await page.getByText('Module 5', { exact: true }).first().waitFor()
  }
  const toCourses = async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Courses', exact: true }).click()
    await page.getByText(cardTitle, { exact: true }).first().waitFor()
  }
  for (const [view, go] of [
    ['modules', toModules],
    ['courses', toCourses],
    ['modules', toModules],
    ['courses', toCourses],
  ]) {
    requests = []
    const t0 = performance.now()
    await go()
    const ms = performance.now() - t0
    await page.waitForTimeout(300)
    steps.push({
      view,
      ...kinds(requests),
      clickToViewMs: round(ms),
      requested: requests
        .filter((u) => u.startsWith('/api/'))
        .map((u) => u.replace(/[0-9a-f-]{36}/g, '{id}')),
    })
  }
  await context.close()
  return steps
}
