// axe-core for the journeys: `axe.run` inside the page itself (AxeBuilder's legacy mode). Its default runs axe in each
// frame and then opens a blank page per audit to merge the frames' results: a new page, and axe's 600 KB source
// injected twice, for each audit, which was half of the page tour's time. Our pages' only frames are other sites'
// video players, which every journey refuses (support/browser.ts), so there are no frames' results to merge.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** An axe-core audit of `page` as it is, run in the page. */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode()
}

/** axe-core's serious and critical findings on the page as it is, each named with the elements it found. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await axeOf(page)
    .options({ resultTypes: ['violations'] })
    .analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}
