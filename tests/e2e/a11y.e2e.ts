// Accessibility beyond the page tour (tests/e2e/pageTour.e2e.ts audits every role's pages with axe-core): a module
// page with embedded YouTube and Vimeo players at desktop and phone size, and the practice board's keyboard move input.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { createCourse, createModule, enroll, login, type Course, type Session } from './support/api'
import { gotoQuiet, launch, open, seeText, visible, waitQuiet } from './support/browser'
import { accounts } from './support/env'
import { axeOf } from './support/axe'

interface Found {
  route: string
  id: string
  impact: string
  help: string
  targets: string[]
}

async function audit(page: Page, route: string, prepare?: (page: Page) => Promise<void>): Promise<Found[]> {
  await gotoQuiet(page, route)
  if (prepare) {
    await prepare(page)
    await waitQuiet(page)
  }
  const result = await axeOf(page)
    .options({ resultTypes: ['violations'] })
    .analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }))
}

function report(found: Found[]) {
  return found
    .map((f) => `${f.route}: [${f.impact}] ${f.id} - ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n')
}

const videoModules = [
  ['Check and checkmate', 'https://www.youtube.com/watch?v=OCSbzArwB10', 'YouTube'],
  ['Pins and skewers', 'https://vimeo.com/76979871', 'Vimeo'],
] as const

describe('accessibility', () => {
  let browser: Browser
  let videoCourse: Course
  let sessions: Record<'student' | 'instructor', Session>

  beforeAll(async () => {
    sessions = {
      student: await login(accounts.student),
      instructor: await login(accounts.instructor),
    }
    // Like the demo's 'Chess Fundamentals' (SEED_DEMO is off here): modules played by YouTube and Vimeo.
    videoCourse = await createCourse(sessions.instructor.token, {
      title: 'Embedded video lessons',
      description: 'Lessons hosted on video sites.',
      price: 0,
    })
    for (const [title, videoUrl] of videoModules) {
      await createModule(sessions.instructor.token, {
        title,
        description: `${title}, on a video site.`,
        videoUrl,
        courseId: videoCourse._id,
      })
    }
    await enroll(sessions.student.token, videoCourse._id)
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
  })

  // Every host but the server is blocked here, so YouTube and Vimeo cannot be reached: each module says so in place of
  // its player, with a link to the video on its site, and axe finds nothing there. (A drawn player's iframe is named
  // after its module: tests/features/modules/useFrameTitle.test.tsx.)
  it("says on an enrolled student's module page, at desktop and phone size, which YouTube and Vimeo videos cannot load", async ({
    expect,
  }) => {
    const route = `/courses/${videoCourse._id}/modules`
    const found: Found[] = []
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const o = await open(browser, { session: sessions.student, viewport })
      try {
        found.push(
          ...(await audit(o.page, route, async (page) => {
            await expect
              .poll(() => page.getByText('This video could not be loaded.').count(), { timeout: 30_000 })
              .toBe(2)
          })),
        )
        for (const [title, , site] of videoModules)
          await expect
            .poll(() =>
              o.page
                .getByRole('article', { name: title })
                .getByRole('link', { name: `Open it on ${site}` })
                .count(),
            )
            .toBe(1)
        expect(await o.page.locator('iframe').count()).toBe(0)
      } finally {
        await o.context.close()
      }
    }
    if (found.length) console.log(`axe, module videos:\n${report(found)}`)
    expect(found, report(found)).toEqual([])
  }, 90_000)

  it('lets a keyboard user enter a move on the practice board', async () => {
    const o = await open(browser)
    const { page } = o
    try {
      await page.goto('/home')
      const input = await visible(page.getByRole('textbox', { name: /move/i }))
      await input.focus()
      await page.keyboard.type('e4')
      await page.keyboard.press('Enter')
      await visible(page.locator('[data-square="e4"] [data-piece="wP"]'))
      await seeText(page, 'AI moved.')
      await input.fill('')
      await input.focus()
      await page.keyboard.type('Ke3')
      await page.keyboard.press('Enter')
      await seeText(page, 'Invalid move.')
      await visible(page.locator('[data-square="e1"] [data-piece="wK"]'))
    } finally {
      await o.context.close()
    }
  })
})
