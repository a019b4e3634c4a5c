import type { Browser, Page } from 'playwright-core'

export interface MeasuredFile {
  url: string
  kind: 'js' | 'css'
  bytes: number
  gzip: number
  /** The body as sent (compressed as the server chose) plus the response headers. */
  wire: number
  /** The response's Content-Encoding (br, gzip or identity). */
  encoding: string
}
export interface FirstVisit {
  path: string
  jsGzip: number
  jsBytes: number
  /** JavaScript as the browser downloaded it: bodies as sent plus response headers. */
  jsWire: number
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
