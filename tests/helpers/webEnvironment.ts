// The web project's test environment: vitest's jsdom, except that Blob, File and FormData are Node's own.
//
// In these tests the app's requests go through Node's fetch (msw intercepts it), so the request bodies the
// app builds (`new FormData()`, a `File` the user picked) must be objects Node's fetch accepts, as they are
// in a browser, where fetch and FormData are one family. jsdom's classes are not: on Node 20 and 22 a jsdom
// File reaches the handler as 9 bytes named "blob", and from Node 24 on, Node's own multipart parser refuses
// the form (`assert(... webidl.is.File(value))`) because jsdom's File has replaced the global its fetch uses.
//
// The one thing jsdom must still do is read a <form>: React builds `new FormData(form, submitter)` when a form
// with an `action` is submitted, and Node's FormData takes no form. The FormData below is Node's, filled from
// jsdom's reading of the form. The app hands Blobs to nothing else in jsdom (no FileReader, no XMLHttpRequest).
import type { Environment } from 'vitest/runtime'
import { builtinEnvironments } from 'vitest/runtime'

const webEnvironment: Environment = {
  name: 'jsdom-with-node-fetch-bodies',
  viteEnvironment: 'client',
  async setup(global: typeof globalThis, options) {
    const { Blob, File, FormData: NodeFormData } = global
    const jsdom = await builtinEnvironments.jsdom.setup(global, options)
    const JsdomFormData = global.FormData
    const JsdomBlob = global.Blob

    class FormData extends NodeFormData {
      constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
        super()
        if (form === undefined) return
        new JsdomFormData(form, submitter).forEach((value, name) => {
          if (typeof value === 'string') return this.append(name, value)
          // A file input's entry. jsdom only lists files it picked itself, which nothing here can do (user-event's
          // upload sets `input.files` outside jsdom), so it is the empty entry of an input with no file.
          if (value instanceof JsdomBlob && value.size === 0) {
            return this.append(name, new File([], value.name, { type: value.type }))
          }
          throw new TypeError(
            `FormData(form): cannot copy the ${value.size}-byte file of "${name}" out of jsdom`,
          )
        })
      }
    }

    for (const [name, value] of Object.entries({ Blob, File, FormData })) {
      Object.defineProperty(global, name, { value, configurable: true, writable: true })
    }
    return { teardown: (g) => jsdom.teardown(g) }
  },
}

export default webEnvironment
