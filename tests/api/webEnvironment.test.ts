// The web test environment behaves as a browser does on every Node line we support (20, 22, 24, 26):
// an upload reaches the API with its bytes and file name, and the app's localStorage is a working one.
import { describe, expect, it } from 'vitest'
import { config } from '@/app/config'
import { seedCourse, seedUser, stored } from '../helpers/backend'

/** An MP4's first bytes (the server checks the `ftyp` box), padded to `size`. */
const mp4Bytes = (size: number) => {
  const bytes = new Uint8Array(size).fill(7)
  bytes.set([0, 0, 0, 24, ...new TextEncoder().encode('ftypisom')])
  return bytes
}

describe('web test environment', () => {
  it('sends a picked file through fetch byte for byte, with its name and type', async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const course = seedCourse({ title: 'Course', instructor: teacher })
    const form = new FormData()
    form.append('courseId', course._id)
    form.append('file', new File([mp4Bytes(64)], 'lesson.mp4', { type: 'video/mp4' }))
    const res = await fetch(`${config.apiBaseUrl}/api/videos`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${teacher.token}` },
      body: form,
    })
    expect(res.status).toBe(201)
    expect(await stored.videos()).toEqual([
      expect.objectContaining({
        courseId: course._id,
        size: 64,
        originalName: 'lesson.mp4',
        mimeType: 'video/mp4',
      }),
    ])
  })

  it('reads a submitted <form> into a FormData that fetch accepts, as React form actions do', async () => {
    document.body.innerHTML = `<form><input name="q" value="hikaru"><input type="file" name="clip">
      <button name="go" value="search">Search</button></form>`
    const form = document.querySelector('form')!
    const entries = new FormData(form, form.querySelector('button'))
    expect(entries.get('clip')).toBeInstanceOf(File)
    expect(entries.get('clip')).toMatchObject({ name: '', size: 0 })
    const echoed = await new Request('http://localhost/echo', { method: 'POST', body: entries }).formData()
    expect(echoed.get('q')).toBe('hikaru')
    expect(echoed.get('go')).toBe('search')
  })

  it('gives the app and the tests one working localStorage, the window’s', () => {
    localStorage.setItem('token', 'abc')
    expect(window.localStorage.getItem('token')).toBe('abc')
    expect(globalThis.localStorage).toBe(window.localStorage)
    localStorage.clear()
    expect(window.localStorage.length).toBe(0)
  })
})
