import { createRequire } from 'node:module'
import { BadInput } from '../errors'

export const TOO_COMMON = 'This password is too common; choose a less common one'

let common: Set<string> | undefined

/**
 * The 49,233 most common passwords shipped by @zxcvbn-ts/language-common (MIT), loaded on first use
 * (about 3 MB of memory) and compared case-insensitively.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const list = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as unknown[]
    common = new Set(list.map((p) => String(p).toLowerCase()))
  }
  return common
}

/** How many distinct passwords (case-folded) the list holds: at least 10,000, the ones guessed first. */
export function commonPasswordCount(): number {
  return commonPasswords().size
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFKC').toLowerCase())
}

/**
 * The password rules beyond the contract's length (8..128, NIST SP 800-63B): not one of the common passwords.
 * Throws 400 otherwise.
 */
export function checkNewPassword(password: string): void {
  if (isCommonPassword(password)) throw new BadInput(TOO_COMMON)
}
