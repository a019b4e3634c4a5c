// Course reviews: a student who has completed a module rates the course and writes a review on its page, the course's
// instructor replies under it, and the course's card on /courses shows the new rating; at a desktop size (1366×900)
// and on a touch phone (390×844), where the form and the list fit the width and axe finds nothing in the section.
// Screenshots land in test-results/screens/ (courseReviews-*.png).
import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, createModule, enroll, login } from './support/api'
import { axeOf } from './support/axe'
import { launch, open, seeText, visible, waitQuiet, type Opened } from './support/browser'
import { accounts, unique } from './support/env'

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const
const DIR = 'test-results/screens'

/** axe's findings in the reviews section of the page as it is now. */
async function reviewsAudit(page: Opened['page']): Promise<string[]> {
  const result = await axeOf(page).include('.course-reviews').analyze()
  return result.violations.map((v) => `${v.id}: ${v.help}`)
}

describe('course reviews', () => {
  let browser: Browser
  const opened: Opened[] = []

  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true })
    browser = await launch()
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  it.each(SIZES)('a student reviews a course, and the instructor replies, at $name size', async (size) => {
    const teacher = await login(accounts.instructor)
    const pupil = await login(accounts.student)
    const course = await createCourse(teacher.token, {
      title: unique('Reviewed '),
      description: 'Rook endings, step by step.',
      price: 0,
    })
    const mod = await createModule(teacher.token, {
      title: 'The Lucena position',
      description: 'Building a bridge.',
      videoUrl: 'https://example.com/lesson.mp4',
      courseId: course._id,
    })
    await enroll(pupil.token, course._id)
    await call('PUT', `/api/progress/modules/${mod._id}/completion`, pupil.token, { completed: true })
    const shot = (who: string) =>
      `${DIR}/courseReviews-${who}-${size.viewport.width}x${size.viewport.height}.png`

    const student = await open(browser, { session: pupil, viewport: size.viewport, touch: size.touch })
    opened.push(student)
    await student.page.goto(`/courses/${course._id}/modules`)
    const reviews = await visible(student.page.getByRole('region', { name: 'Reviews' }))
    await visible(reviews.getByText('No ratings yet.'))
    await reviews.getByRole('radio', { name: '4 stars' }).check()
    await reviews
      .getByRole('textbox', { name: 'Your review (optional)' })
      .fill('The bridge finally makes sense.')
    expect(await reviewsAudit(student.page)).toEqual([])
    await reviews.screenshot({ path: shot('form') })
    await reviews.getByRole('button', { name: 'Post review' }).click()
    await visible(reviews.getByText('4.0 (1 rating)', { exact: true }))
    const mine = await visible(reviews.getByRole('article', { name: `Review by ${pupil.result.username}` }))
    await visible(mine.getByText('The bridge finally makes sense.'))
    await visible(reviews.getByRole('button', { name: 'Edit your review' }))
    await waitQuiet(student.page)
    expect(
      await student.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await reviews.screenshot({ path: shot('student') })

    const instructor = await open(browser, { session: teacher, viewport: size.viewport, touch: size.touch })
    opened.push(instructor)
    await instructor.page.goto(`/courses/${course._id}/modules`)
    const theirs = await visible(
      instructor.page.getByRole('article', { name: `Review by ${pupil.result.username}` }),
    )
    await theirs.getByRole('button', { name: `Reply to ${pupil.result.username}` }).click()
    await theirs.getByRole('textbox', { name: 'Your reply' }).fill('Well done: now try the Philidor.')
    expect(await reviewsAudit(instructor.page)).toEqual([])
    await theirs.getByRole('button', { name: 'Post reply' }).click()
    await visible(theirs.getByText(`Reply from ${teacher.result.username}`))
    await visible(theirs.getByText('Well done: now try the Philidor.'))
    expect(await theirs.getByRole('button', { name: /^Reply to/ }).count()).toBe(0)
    await waitQuiet(instructor.page)
    await theirs.screenshot({ path: shot('instructor') })

    // the student sees the reply, and the course's card in the catalogue its rating
    await student.page.reload()
    await visible(
      student.page
        .getByRole('article', { name: `Review by ${pupil.result.username}` })
        .getByText('Well done: now try the Philidor.'),
    )
    await student.page.goto(`/courses?q=${encodeURIComponent(course.title)}`)
    const cardOf = student.page.getByRole('article', { name: course.title })
    await visible(cardOf.getByText('Rating: 4.0 (1 rating)', { exact: true }))
    await seeText(student.page, 'Rook endings, step by step.')
  })
})
