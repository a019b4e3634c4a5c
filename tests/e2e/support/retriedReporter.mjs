// A vitest reporter for the browser journeys: every test that passed only when run again (vitest.e2e.config.ts
// retries a failed journey once on CI) is named, with the error of its failed try, in a banner at the end of the run
// and in the file E2E_RETRIED_FILE names (one JSON line each), which scripts/test.mjs counts in its closing line. A
// retry keeps the run's result honest about the product (a test that fails twice fails the run) and the log
// honest about the suite: a journey that needed one is listed, never hidden.
import { appendFileSync } from 'node:fs'
import { relative } from 'node:path'

export default class RetriedReporter {
  /** @type {{ test: string, error: string }[]} */
  retried = []

  /** @param {import('vitest/node').TestCase} testCase */
  onTestCaseResult(testCase) {
    const { retryCount } = testCase.diagnostic() ?? { retryCount: 0 }
    if (retryCount === 0 || testCase.result().state !== 'passed') return
    const errors = testCase.task.result?.errors ?? []
    const first = errors[0]
    const test = `${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`
    const error = first ? String(first.message ?? first).split('\n')[0] : '(no error kept)'
    this.retried.push({ test, error })
    if (process.env.E2E_RETRIED_FILE)
      appendFileSync(process.env.E2E_RETRIED_FILE, `${JSON.stringify({ test, error })}\n`)
  }

  onTestRunEnd() {
    if (!this.retried.length) return
    const banner = '!'.repeat(78)
    const lines = this.retried.map((r) => `!! ${r.test}\n!!   first try: ${r.error}`)
    console.warn(`\n${banner}\n!! Passed only on a retry:\n${lines.join('\n')}\n${banner}`)
  }
}
