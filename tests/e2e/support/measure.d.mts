import type { Browser, Page } from 'playwright-core'

export interface MeasuredFile {
  url: string
  kind: 'js' | 'css'
  bytes: number
  gzip: number
}
export interface FirstVisit {
  path: string
  jsGzip: number
  jsBytes: number
  cssGzip: number
  cssBytes: number
  files: MeasuredFile[]
}
export function measureFirstVisit(
  browser: Browser,
  baseUrl: string,
  path: string,
  opts?: {
    localStorage?: Array<{ name: string; value: string }>
    settleMs?: number
    waitFor?: (page: Page) => Promise<unknown>
  },
): Promise<FirstVisit>
