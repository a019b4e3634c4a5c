// A module's video that cannot load says so, with the real player (react-player's <video>): whether the error
// reaches the page as an event, or came so early that the element held it before React listened to it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { ModuleVideo, VIDEO_UNAVAILABLE_TEXT } from '@/features/modules/ModuleVideo'

// the real player: its <video> element is what this file is about
vi.unmock('react-player')
import { renderWithProviders } from '../../helpers/renderWithProviders'

const lesson = {
  _id: 'm1',
  courseId: 'c1',
  title: 'Opening ideas',
  videoId: null,
  videoUrl: 'https://videos.example.com/opening.mp4',
}

afterEach(() => {
  delete (HTMLMediaElement.prototype as { error?: unknown }).error
})

describe("a module's video that cannot load", () => {
  it('says so when the video element reports its error', async () => {
    const { container } = renderWithProviders(<ModuleVideo module={lesson} />)
    await waitFor(() => expect(container.querySelector('video')).not.toBeNull())
    fireEvent.error(container.querySelector('video')!)
    expect(await screen.findByText(VIDEO_UNAVAILABLE_TEXT)).toBeVisible()
    expect(container.querySelector('video')).toBeNull()
  })

  it('says so when the load failed before the element was on the page (no error event to hear)', async () => {
    // The element starts loading as soon as it is made; here its load has failed by the time it is on the page.
    // (jsdom keeps no `error` on its media elements; a browser's holds the MediaError)
    Object.defineProperty(HTMLMediaElement.prototype, 'error', {
      configurable: true,
      get: () => ({ code: 4, message: 'blocked' }),
    })
    renderWithProviders(<ModuleVideo module={lesson} />)
    expect(await screen.findByText(VIDEO_UNAVAILABLE_TEXT)).toBeVisible()
  })

  it('keeps the player when the element holds no error', async () => {
    const { container } = renderWithProviders(<ModuleVideo module={lesson} />)
    await waitFor(() => expect(container.querySelector('video')?.getAttribute('src')).toBe(lesson.videoUrl))
    expect(screen.queryByText(VIDEO_UNAVAILABLE_TEXT)).toBeNull()
  })
})
