// The practice partner in Chromium, against the built SPA and its engine files: a first visit of /home
// fetches no engine; choosing Level 3 fetches it (the Stockfish worker and its WebAssembly, with their licence
// beside them), three moves are answered by the engine, one is taken back, takebacks are switched off, and the
// downloaded PGN holds the moves the page lists.
import { readFileSync } from 'node:fs'
import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dragPiece, launch, open, visible, waitQuiet, type Opened } from './support/browser'
import { baseUrl } from './support/env'
import { measureFirstVisit } from './support/measure.mjs'

const KB = 1024
const status = (page: Page) => page.getByRole('status', { name: 'Game status' })

/** The move list's rows as the page shows them: [number, white, black]. */
function moveRows(page: Page) {
  return page
    .getByRole('region', { name: 'Moves' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? '')),
    )
}

/** Waits for the engine's reply: the status says so and the computer no longer thinks. */
async function engineAnswers(page: Page, plies: number) {
  await expect
    .poll(() => moveRows(page).then((rows) => rows.flat().filter((c) => /[a-zA-Z]/.test(c)).length), {
      timeout: 15_000,
    })
    .toBe(plies)
  await expect.poll(() => status(page).textContent()).toMatch(/^AI moved\. Black /)
  expect(await page.getByText('is thinking…').count()).toBe(0)
}

describe('the practice partner', () => {
  let browser: Browser
  let o: Opened
  beforeAll(async () => {
    browser = await launch()
    o = await open(browser)
  })
  afterAll(async () => {
    await o?.context.close()
    await browser?.close()
  })

  it("/home's first visit fetches no engine code", async () => {
    const m = await measureFirstVisit(browser, baseUrl, '/home', {
      waitFor: (p) => p.locator('[data-square="e2"]').waitFor(),
    })
    const names = m.files.map((f) => f.url)
    console.log(
      `/home first visit: ${(m.jsGzip / KB).toFixed(1)} KB gzip JavaScript in ${names.length} files`,
    )
    expect(names.filter((n) => /^\/engine\/|stockfish/i.test(n))).toEqual([])
  })

  it('plays Level 3: three moves, a takeback, takebacks off, and a PGN download with the moves', async () => {
    const { page } = o
    const engineFiles: Response[] = []
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/engine/')) engineFiles.push(r)
    })
    await page.goto('/home')
    await visible(page.locator('[data-square="e2"] [data-piece="wP"]'))
    // The board is one tab stop: no piece is in the tab order.
    expect(await page.locator('#practice-board-board [tabindex="0"]').count()).toBe(0)
    expect(engineFiles).toEqual([])

    await page.getByLabel('Opponent').selectOption({ label: 'Level 3' })
    await expect.poll(() => page.getByText('Starting the engine…').count(), { timeout: 20_000 }).toBe(0)
    const fetched = engineFiles.map((r) => [new URL(r.url()).pathname, r.status()])
    // in a folder named by the files' content, so cached for good
    expect(fetched).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/^\/engine\/[0-9a-f]{12}\/stockfish-19-lite-single\.js$/), 200],
        [expect.stringMatching(/^\/engine\/[0-9a-f]{12}\/stockfish-19-lite-single\.wasm$/), 200],
      ]),
    )
    for (const file of engineFiles)
      expect(await file.headerValue('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await page.getByRole('alert').filter({ hasText: 'could not start' }).count()).toBe(0)
    await visible(page.getByText('Chess Online Education (Level 3)'))

    // 1. e4 by clicking the pawn and then its target (the targets are marked).
    await page.locator('[data-square="e2"]').click()
    await visible(page.locator('[data-square="e4"] [data-mark~="target"]'))
    await page.locator('[data-square="e4"]').click()
    await engineAnswers(page, 2)
    // 2. Nf3 and 3. Bc4 typed (legal whatever the engine answered: no black piece can reach f3, e2, d3 or c4).
    for (const [move, plies] of [
      ['Nf3', 4],
      ['Bc4', 6],
    ] as const) {
      await page.getByLabel('Your move').fill(move)
      await page.getByRole('button', { name: 'Play move' }).click()
      await engineAnswers(page, plies)
    }
    // The last move of either side is highlighted.
    const [, , lastReply] = (await moveRows(page))[2]
    expect(lastReply).toBeTruthy()
    expect(await page.locator('[data-mark~="last"]').count()).toBe(2)

    await page.getByRole('button', { name: 'Takeback' }).click()
    await expect.poll(() => moveRows(page).then((rows) => rows.length)).toBe(2)
    await expect.poll(() => status(page).textContent()).toBe('Move taken back.')
    const rows = await moveRows(page)
    expect(rows.map(([n, w]) => [n, w])).toEqual([
      ['1.', 'e4'],
      ['2.', 'Nf3'],
    ])

    await page.getByRole('switch', { name: 'Allow takebacks' }).uncheck()
    expect(await page.getByRole('button', { name: 'Takeback' }).count()).toBe(0)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PGN' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('practice-game.pgn')
    const pgn = readFileSync(await download.path(), 'utf8')
    expect(pgn).toContain('[White "You"]')
    expect(pgn).toContain('[Black "Chess Online Education (Level 3)"]')
    expect(pgn).toContain('[Result "*"]')
    const movetext = pgn.split('\n\n')[1].trim()
    expect(movetext).toBe(`1. e4 ${rows[0][2]} 2. Nf3 ${rows[1][2]} *`)
    expect(o.errors).toEqual([])
  })
})

// The board before react-chessboard has loaded: /home's first visit draws a static board from the position
// and loads the interactive one when the pointer comes over it, when it is pressed or focused.
describe('the practice board before its interactive code has loaded', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
  })

  /** react-chessboard's pieces are draggable buttons; the static board's are images. */
  const draggable = (page: Page) => page.locator('#practice-board-board [aria-roledescription="draggable"]')

  /** The largest difference of one colour channel between two screenshots of the same size (0-255). */
  function largestPixelDifference(page: Page, a: Buffer, b: Buffer) {
    return page.evaluate(
      async ([first, second]) => {
        const pixels = async (base64: string) => {
          const image = new Image()
          image.src = `data:image/png;base64,${base64}`
          await image.decode()
          const canvas = document.createElement('canvas')
          canvas.width = image.width
          canvas.height = image.height
          const context = canvas.getContext('2d')!
          context.drawImage(image, 0, 0)
          return context.getImageData(0, 0, image.width, image.height)
        }
        const [x, y] = await Promise.all([pixels(first), pixels(second)])
        if (x.width !== y.width || x.height !== y.height) return 255
        let largest = 0
        for (let i = 0; i < x.data.length; i++) largest = Math.max(largest, Math.abs(x.data[i] - y.data[i]))
        return largest
      },
      [a.toString('base64'), b.toString('base64')],
    )
  }

  /**
   * `test` on /home with its static board drawn and the board's own scripts held back for `delayMs` once asked for;
   * the page's context is closed after it.
   */
  async function onStaticHome(delayMs: number, test: (o: Opened) => Promise<void>) {
    const o = await open(browser)
    try {
      await o.page.goto('/home')
      await visible(o.page.locator('[data-square="e2"] [data-piece="wP"]'))
      await waitQuiet(o.page)
      expect(await draggable(o.page).count()).toBe(0)
      await o.page.route('**/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs))
        await route.fallback()
      })
      await test(o)
    } finally {
      await o.context.close()
    }
  }

  it('looks the same before and after the interactive board takes over, which loads once the pointer is over it', async () => {
    await onStaticHome(0, async (o) => {
      const { page } = o
      const scripts: string[] = []
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
      })
      const board = page.locator('.practice-board__board')
      await page.mouse.move(5, 5)
      const before = await board.screenshot()
      const box = (await board.boundingBox())!
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await expect.poll(() => draggable(page).count(), { timeout: 15_000 }).toBe(32)
      expect(scripts.length).toBeGreaterThan(0)
      await page.mouse.move(5, 5)
      await waitQuiet(page)
      const after = await board.screenshot()
      // Pixel by pixel: only the edges of the pieces may differ (anti-aliasing of an SVG drawn from the sprite
      // rather than inline, by a few levels of 255).
      expect(await largestPixelDifference(page, before, after)).toBeLessThanOrEqual(24)
      expect(o.errors).toEqual([])
    })
  })

  it('plays a move dragged before the interactive board has arrived', async () => {
    await onStaticHome(1500, async (o) => {
      const { page } = o
      await dragPiece(page, 'e2', 'e4')
      expect(await draggable(page).count()).toBe(0)
      await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toMatch(/^Player moved\./)
      await visible(page.locator('[data-square="e4"] [data-piece="wP"]'))
      expect(await page.locator('[data-square="e2"] [data-piece]').count()).toBe(0)
      expect(await draggable(page).count()).toBeGreaterThan(0)
      expect(o.errors).toEqual([])
    })
  })

  it('takes over after a press let go off the board before the interactive board arrived, moving nothing', async () => {
    await onStaticHome(1500, async (o) => {
      const { page } = o
      const e2 = (await page.locator('[data-square="e2"]').boundingBox())!
      const board = (await page.locator('.practice-board__board').boundingBox())!
      await page.mouse.move(e2.x + e2.width / 2, e2.y + e2.height / 2)
      await page.mouse.down()
      await page.mouse.move(board.x + board.width + 40, e2.y, { steps: 8 })
      await page.mouse.up()
      expect(await draggable(page).count()).toBe(0)
      await expect.poll(() => draggable(page).count(), { timeout: 15_000 }).toBe(32)
      await visible(page.locator('[data-square="e2"] [data-piece="wP"]'))
      expect(await status(page).textContent()).toBe('')
    })
  })

  it("keeps the static board when the board's script fails as the pointer passes, and says so when pressed", async () => {
    await onStaticHome(0, async (o) => {
      const { page } = o
      const failed: string[] = []
      await page.route('**/assets/*.js', async (route) => {
        failed.push(new URL(route.request().url()).pathname)
        await route.abort('connectionfailed')
      })
      const board = page.locator('.practice-board__board')
      const box = (await board.boundingBox())!
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      // The pointer over the board did ask for its script, and the load failed.
      await expect.poll(() => failed.length, { timeout: 15_000 }).toBeGreaterThan(0)
      await page.waitForTimeout(300)
      await visible(page.locator('[data-square="e2"] [data-piece="wP"]'))
      expect(await page.getByText('Something went wrong').count()).toBe(0)
      await page.locator('[data-square="g1"]').click()
      await visible(page.getByRole('alert').filter({ hasText: 'Something went wrong' }))
      // Back online: 'Try again' brings the board back, and it plays.
      await page.unrouteAll({ behavior: 'wait' })
      await page.getByRole('button', { name: 'Try again' }).click()
      await page.locator('[data-square="g1"]').click()
      // The press loads the interactive board, which takes over with the knight picked: waited for, so the second
      // click goes to one board (a click landing as the interactive board replaced the static one was lost in a
      // loaded run).
      await expect.poll(() => draggable(page).count(), { timeout: 15_000 }).toBe(32)
      await page.locator('[data-square="f3"]').click()
      await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toMatch(/^Player moved\./)
      await visible(page.locator('[data-square="f3"] [data-piece="wN"]'))
    })
  })

  it('plays a piece and then its target clicked before the interactive board has arrived', async () => {
    await onStaticHome(1500, async (o) => {
      const { page } = o
      await page.locator('[data-square="g1"]').click()
      await visible(page.locator('[data-square="g1"] [data-mark~="selected"]'))
      await page.locator('[data-square="f3"]').click()
      expect(await draggable(page).count()).toBe(0)
      await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toMatch(/^Player moved\./)
      await visible(page.locator('[data-square="f3"] [data-piece="wN"]'))
      expect(o.errors).toEqual([])
    })
  })
})
