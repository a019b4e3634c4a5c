// The board follows the video: on a student's module card, a line whose moves carry `[%vt m:ss]` shows the position
// of the last stamped move at or before the video's second as it plays or is sought, the move list marks it, and
// clicking a stamped move seeks the video there. A `[%vt-ask]` move pauses the video and asks for the move on the
// board; 'Continue' plays on. The player is a fake whose media element the test drives (../modules/fakePlayer.tsx).
import { Profiler } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import ModulesPage from '@/features/modules/ModulesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCourse, seedEnrollment, seedModule, seedUser, sessionOf } from '../../helpers/backend'
import { stubBoardLayout } from '../game/boardLayout'
import { forgetPlayers, player } from '../modules/fakePlayer'

vi.mock('react-player', () => import('../modules/fakePlayer'))

const VIDEO = 'https://v.example.com/italian.mp4'
const PGN = `{Follow along.} 1. e4 {[%vt 0:05] Take the centre.} e5 {[%vt 0:08]} 2. Nf3 {[%vt 0:12] [%vt-ask] Attack e5.}
Nc6 {[%vt 0:15] [%clk 0:10:00]} 3. Bc4 *`

// The pieces' placement (a FEN's first field) after each move.
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'
const E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR'
const E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR'
const NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R'
const NC6 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R'

let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  forgetPlayers()
  layout = stubBoardLayout()
})
afterEach(() => {
  layout.mockRestore()
  vi.restoreAllMocks()
})

/** Commits of the page's React tree (a re-render anywhere in it). */
let commits = 0

async function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const stu = seedUser({ username: 'stu' })
  const course = seedCourse({ title: 'Openings', instructor: teacher })
  seedModule({
    courseId: course._id,
    title: 'Italian Game',
    videoUrl: VIDEO,
    line: { pgn: PGN, side: 'white' },
  })
  seedEnrollment(course._id, stu._id)
  commits = 0
  const counted = (
    <Profiler id="page" onRender={() => void commits++}>
      <ModulesPage />
    </Profiler>
  )
  renderWithProviders(counted, {
    route: `/courses/${course._id}/modules`,
    path: '/courses/:courseId/modules',
    preloadedState: { auth: sessionOf(stu) },
  })
  await screen.findByRole('region', { name: 'Video player' })
  const card = within(await screen.findByRole('article', { name: 'Italian Game' }))
  return { card, video: player(VIDEO) }
}

/** The placement of the pieces on the card's line board (the viewer's, or the question's). */
const placement = () => document.querySelector('.line-viewer__board')?.getAttribute('data-fen')?.split(' ')[0]
const viewer = () => within(screen.getByRole('region', { name: 'Line: Italian Game' }))
const marked = () => viewer().queryByRole('button', { current: 'step' })?.textContent
const comment = () => viewer().getByRole('note', { name: 'Comment' }).textContent
const following = () => screen.getByRole('checkbox', { name: 'Following the video' })

describe('the board follows the video', () => {
  it('shows the last stamped move at or before the second the video plays or is sought to', async () => {
    const { video } = await setup()
    expect(following()).toBeChecked()
    expect(placement()).toBe(START)
    video.playTo(4.9)
    expect(placement()).toBe(START)
    expect(marked()).toBeUndefined()
    video.playTo(5)
    expect(placement()).toBe(E4)
    expect(marked()).toBe('1. e4')
    // the comment without its stamp
    expect(comment()).toBe('Take the centre.')
    video.playTo(9.5)
    expect(placement()).toBe(E5)
    expect(marked()).toBe('e5')
    video.seek(16)
    expect(placement()).toBe(NC6)
    expect(marked()).toBe('Nc6')
    // no command annotation is shown as text
    expect(comment()).toBe('')
    video.seek(1)
    expect(placement()).toBe(START)
    expect(comment()).toBe('Follow along.')
  })

  it('renders nothing again while the video plays between two stamps', async () => {
    const { video } = await setup()
    video.playTo(5)
    const before = commits
    for (const second of [5.25, 5.5, 5.75, 6, 7.9]) video.playTo(second)
    expect(commits).toBe(before)
    video.playTo(8)
    expect(commits).toBeGreaterThan(before)
    expect(placement()).toBe(E5)
  })

  it('seeks the video to a stamped move clicked in the list', async () => {
    const { video } = await setup()
    video.seek(16)
    fireEvent.click(viewer().getByRole('button', { name: 'e5' }))
    expect(video.media.currentTime).toBe(8)
    expect(placement()).toBe(E5)
    expect(marked()).toBe('e5')
    fireEvent.click(viewer().getByRole('button', { name: '1. e4' }))
    expect(video.media.currentTime).toBe(5)
    expect(placement()).toBe(E4)
  })

  it('stops following when the student steps on their own, and follows again on the toggle or on play', async () => {
    const { video } = await setup()
    video.playTo(5)
    fireEvent.click(viewer().getByRole('button', { name: 'Next move' }))
    expect(following()).not.toBeChecked()
    expect(placement()).toBe(E5)
    // an unstamped move is only shown
    fireEvent.click(viewer().getByRole('button', { name: '3. Bc4' }))
    expect(video.media.currentTime).toBe(5)
    video.playTo(10)
    expect(marked()).toBe('3. Bc4')
    fireEvent.click(following())
    expect(placement()).toBe(E5)
    fireEvent.click(viewer().getByRole('button', { name: 'First position' }))
    expect(placement()).toBe(START)
    video.play()
    expect(following()).toBeChecked()
    expect(placement()).toBe(E5)
  })

  it('pauses on a question, checks the move played on the board, and plays on after Continue', async () => {
    const { video } = await setup()
    video.play()
    video.playTo(11.8)
    expect(video.media.paused).toBe(false)
    video.playTo(12.1)
    expect(video.media.paused).toBe(true)
    const question = within(screen.getByRole('region', { name: 'Question from the video' }))
    expect(question.getByRole('status', { name: 'Question status' })).toHaveTextContent(
      'Your move: find what White plays here.',
    )
    // the position before the move asked for
    expect(placement()).toBe(E5)
    const input = question.getByRole('textbox', { name: 'Your move' })
    fireEvent.change(input, { target: { value: 'd4' } })
    fireEvent.submit(input)
    expect(question.getByRole('status', { name: 'Question status' })).toHaveTextContent(
      'Not the move we are looking for. Try again.',
    )
    expect(placement()).toBe(E5)
    fireEvent.change(input, { target: { value: 'Nf3' } })
    fireEvent.submit(input)
    expect(question.getByRole('status', { name: 'Question status' })).toHaveTextContent('Well found: Nf3.')
    expect(placement()).toBe(NF3)
    expect(question.getByRole('note', { name: 'Comment' })).toHaveTextContent('Attack e5.')
    fireEvent.click(question.getByRole('button', { name: 'Continue' }))
    expect(video.media.paused).toBe(false)
    expect(screen.queryByRole('region', { name: 'Question from the video' })).toBeNull()
    expect(placement()).toBe(NF3)
    video.playTo(15)
    expect(placement()).toBe(NC6)
  })

  it('brings the question and its board into view and moves focus to its prompt, without motion when asked for less', async () => {
    const scrolled: { element: Element; options: unknown }[] = []
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ element: this, options })
    }
    try {
      const { video } = await setup()
      video.play()
      video.playTo(12.1)
      const region = screen.getByRole('region', { name: 'Question from the video' })
      expect(scrolled).toEqual([{ element: region, options: { block: 'start', behavior: 'smooth' } }])
      expect(document.activeElement).toBe(within(region).getByRole('status', { name: 'Question status' }))

      fireEvent.click(within(region).getByRole('button', { name: 'Continue' }))
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
      }))
      video.seek(0)
      video.play()
      video.playTo(12.1)
      expect(scrolled.at(-1)?.options).toEqual({ block: 'start', behavior: 'auto' })
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
      vi.unstubAllGlobals()
    }
  })

  it("plays the move with 'Show me', and asks nothing when the video jumps past the question", async () => {
    const { video } = await setup()
    video.seek(12)
    const question = within(screen.getByRole('region', { name: 'Question from the video' }))
    fireEvent.click(question.getByRole('button', { name: 'Show me' }))
    expect(question.getByRole('status', { name: 'Question status' })).toHaveTextContent('The move was Nf3.')
    expect(placement()).toBe(NF3)
    fireEvent.click(question.getByRole('button', { name: 'Continue' }))
    video.seek(0)
    video.seek(16)
    expect(screen.queryByRole('region', { name: 'Question from the video' })).toBeNull()
    expect(placement()).toBe(NC6)
  })
})
