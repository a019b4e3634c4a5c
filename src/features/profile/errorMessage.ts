// The profile's failure texts: the error catalogue's prefixes followed by a message a person can read, never
// the validator's ('params/id must match format "uuid"', 'body/phoneNumber must match pattern …'). The failure
// itself is logged to the console with every failed call (app/listeners.ts).
import { readableProblem, type FieldSentences, type ReadableProblem } from '@/api/problemText'

export const FETCH_FAILED_PREFIX = 'Error fetching profile: '
export const UPDATE_FAILED_PREFIX = 'Error updating profile: '
export const NO_TOKEN_TEXT = 'No authentication token found'

export const PHONE_NUMBER_RULE_TEXT =
  'Please enter a valid phone number: up to 30 digits, spaces and + ( ) . - characters.'
export const BIO_RULE_TEXT = 'Please keep the bio to 2000 characters or fewer.'

/** The edit form's fields, as the contract names them (ProfileUpdate). */
const PROFILE_FIELDS: FieldSentences = { phoneNumber: PHONE_NUMBER_RULE_TEXT, bio: BIO_RULE_TEXT }

/** 'Error fetching profile: ' and why: an unknown or malformed id reads 'Not found.'. */
export function fetchFailureText(error: unknown): string {
  return FETCH_FAILED_PREFIX + readableProblem(error).text
}

/** 'Error updating profile: ' and why, with the field it is about (shown next to that field). */
export function updateFailure(error: unknown): ReadableProblem {
  const { field, text } = readableProblem(error, PROFILE_FIELDS)
  return { field, text: UPDATE_FAILED_PREFIX + text }
}
