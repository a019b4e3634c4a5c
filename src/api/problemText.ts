// What a person reads when the server refuses a call: never a raw validation string such as
// 'body/phoneNumber must match pattern "…"' or 'params/id must match format "uuid"'. Forms name their fields;
// the problem's field (from the validator's path, or a field name in the detail) picks the sentence shown next
// to that field. The failure itself is still logged to the console by the one listener (app/listeners.ts).

export const NOT_FOUND_TEXT = 'Not found.'
export const TRY_AGAIN_TEXT = 'Something went wrong. Please try again.'
export const CHECK_INPUT_TEXT = 'Please check what you entered.'

/** A form's fields: the field's name in the contract -> the sentence shown next to it when it is refused. */
export type FieldSentences = Record<string, string>

export interface ReadableProblem {
  /** The form field the problem is about, when the form names it. */
  field?: string
  text: string
}

/** The HTTP status of an RTK Query error, if it has one. */
export function problemStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined
  return typeof error.status === 'number' ? error.status : undefined
}

/** The problem+json `detail` of an RTK Query error, or ''. */
export function problemDetailOf(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('data' in error)) return ''
  const { data } = error
  if (typeof data !== 'object' || data === null || !('detail' in data)) return ''
  return typeof data.detail === 'string' ? data.detail.trim() : ''
}

/** A detail written by the request validator rather than for people: `body/x must …`, `params/id must …`. */
export function isValidatorDetail(detail: string): boolean {
  return (
    /(^|[\s,])(body|params|querystring|headers)(\/[\w-]+)*\s+must\b/.test(detail) ||
    /\bmust (match|be|have|NOT)\b/.test(detail)
  )
}

/** The field a validator detail is about: the last name of its path (`body/phoneNumber` -> `phoneNumber`). */
function validatorField(detail: string): { part: string; name?: string } | undefined {
  const m = /(body|params|querystring|headers)((?:\/[\w-]+)*)\s+must\b/.exec(detail)
  if (!m) return undefined
  const names = m[2].split('/').filter(Boolean)
  const missing = /must have required property '([\w-]+)'/.exec(detail)
  return { part: m[1], name: missing?.[1] ?? names.at(-1) }
}

/** A detail as a sentence: capitalised, with a full stop. */
export function asSentence(detail: string): string {
  const s = detail.charAt(0).toUpperCase() + detail.slice(1)
  return /[.!?]$/.test(s) ? s : `${s}.`
}

/**
 * The sentence for a refused call, and the field it belongs to when `fields` names it. An unknown id (404, or
 * an id the validator refuses in the path) reads 'Not found.'; a validator message becomes the field's sentence
 * or a general 'Please check what you entered.'; a detail written for people is kept as a sentence.
 */
export function readableProblem(error: unknown, fields: FieldSentences = {}): ReadableProblem {
  const status = problemStatus(error)
  const detail = problemDetailOf(error)
  if (status === 404) return { text: NOT_FOUND_TEXT }
  const where = detail ? validatorField(detail) : undefined
  if (where?.part === 'params') return { text: NOT_FOUND_TEXT }
  if (where?.name && where.name in fields) return { field: where.name, text: fields[where.name] }
  if (detail && !isValidatorDetail(detail)) {
    const named = Object.keys(fields).find((name) => new RegExp(`\\b${name}\\b`, 'i').test(detail))
    return named ? { field: named, text: asSentence(detail) } : { text: asSentence(detail) }
  }
  if (status === 400 || status === 413 || where) return { text: CHECK_INPUT_TEXT }
  return { text: TRY_AGAIN_TEXT }
}

/**
 * What a failed action says next to its control: `failed` ('The course could not be added to the cart') with the
 * reason: no answer came (offline, or none within the mutations' timeout), the server failed (5xx, or a page that
 * is not JSON), or the server's own sentence for a refusal (4xx).
 */
export function actionFailureText(error: unknown, failed: string): string {
  const e = error as { status?: unknown; originalStatus?: unknown } | null
  const status = typeof e?.status === 'number' ? e.status : e?.originalStatus
  if (typeof status !== 'number') return `${failed}: the server could not be reached. Please try again.`
  if (status >= 500) return `${failed}: the server had a problem. Please try again.`
  const { text } = readableProblem(error)
  return text === TRY_AGAIN_TEXT ? `${failed}. Please try again.` : `${failed}: ${text}`
}
