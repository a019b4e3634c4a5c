import { describe, expect, it } from 'vitest'
import { CHECK_INPUT_TEXT, NOT_FOUND_TEXT, TRY_AGAIN_TEXT, readableProblem } from '@/api/problemText'

const problem = (status: number, detail?: string) => ({ status, data: detail ? { detail } : {} })

describe('readableProblem', () => {
  it('says Not found. for a 404 and for an id the validator refuses', () => {
    expect(readableProblem(problem(404, 'User not found'))).toEqual({ text: NOT_FOUND_TEXT })
    expect(readableProblem(problem(400, 'params/id must match format "uuid"'))).toEqual({
      text: NOT_FOUND_TEXT,
    })
  })

  it("puts a validator message next to the field the form names, in the form's words", () => {
    const fields = { phoneNumber: 'Please enter a valid phone number.' }
    expect(
      readableProblem(problem(400, 'body/phoneNumber must match pattern "^[0-9 +()-]*$"'), fields),
    ).toEqual({
      field: 'phoneNumber',
      text: 'Please enter a valid phone number.',
    })
    expect(
      readableProblem(problem(400, "body must have required property 'bio'"), { bio: 'Bio is required.' }),
    ).toEqual({ field: 'bio', text: 'Bio is required.' })
  })

  it('never shows a raw validator message for a field the form does not name', () => {
    const got = readableProblem(problem(400, 'body/videoUrl must NOT have more than 2048 characters'))
    expect(got).toEqual({ text: CHECK_INPUT_TEXT })
    expect(got.text).not.toMatch(/body\/|must/)
  })

  it('keeps a detail written for people, as a sentence, next to the field it names', () => {
    expect(readableProblem(problem(409, 'the last admin cannot be demoted'))).toEqual({
      text: 'The last admin cannot be demoted.',
    })
    expect(readableProblem(problem(400, 'videoUrl is not a URL we can play'), { videoUrl: 'x' })).toEqual({
      field: 'videoUrl',
      text: 'VideoUrl is not a URL we can play.',
    })
  })

  it('asks to try again when nothing more is known (network error, 500)', () => {
    expect(readableProblem({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      text: TRY_AGAIN_TEXT,
    })
    expect(readableProblem(problem(500))).toEqual({ text: TRY_AGAIN_TEXT })
  })
})
