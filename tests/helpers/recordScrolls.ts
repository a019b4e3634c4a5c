// jsdom has no scrollIntoView: records what it is called on while `run` runs, then takes it away again.
export async function recordingScrolls(run: (scrolled: Element[]) => Promise<void>): Promise<void> {
  const scrolled: Element[] = []
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    value(this: Element) {
      scrolled.push(this)
    },
  })
  try {
    await run(scrolled)
  } finally {
    delete (Element.prototype as Partial<Element>).scrollIntoView
  }
}
