import type { Plugin } from 'vite'

/** The file of the build that lists the pages' style hashes: `{ styleSrc: string[] }`. */
export const CSP_STYLES_FILE: string

/** The texts of the <style>…</style> elements written out in `text`, in order. */
export function styleTexts(text: string): string[]

/** A CSP source for this text: `'sha256-…'`. */
export function cspHash(text: string): string

/** The build step writing dist/csp-styles.json (see vite-csp-styles.mjs). */
export function cspStyleHashes(): Plugin
