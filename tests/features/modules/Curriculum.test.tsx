import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Route, Routes, useLocation } from 'react-router-dom'
import ModulesPage, { COURSE_NOT_FOUND_TEXT } from '@/features/modules/ModulesPage'
import { AlertList } from '@/features/layout/AlertList'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  problem,
  seedCart,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedProgress,
  seedUser,
  sessionOf,
  stored,
  type SeededUser,
} from '../../helpers/backend'
import { countRequests, server } from '../../helpers/mswServer'

const API = `${config.apiBaseUrl}/api`

function Where() {
  const location = useLocation()
  return <p>At {location.pathname}</p>
}

function render(courseId: string, who?: SeededUser) {
  return renderWithProviders(
    <>
      <AlertList />
      <Routes>
        <Route path="/courses/:courseId/modules" element={<ModulesPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    {
      route: `/courses/${courseId}/modules`,
      preloadedState: who ? { auth: sessionOf(who) } : undefined,
    },
  )
}

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher, price: 0 })
  // A video file: one on YouTube waits for YouTube to answer (externalVideo.ts), which these tests leave aside.
  seedModule({
    courseId: course._id,
    title: 'King activity',
    description: 'Use the king',
    videoUrl: 'https://videos.example.com/secret-lesson.mp4',
  })
  seedModule({ courseId: course._id, title: 'Opposition', description: 'Kings facing' })
  return { teacher, course }
}

const entry = (title: string) => within(screen.getByRole('article', { name: title }))

describe('/courses/{courseId}/modules for those who may not watch', () => {
  it('shows a visitor the curriculum without videos, and a Login button that leads to /login', async () => {
    const { course } = setup()
    const { user } = render(course._id)
    expect(
      await screen.findByRole('heading', { name: 'Modules for Course: Endgame Mastery' }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'King activity' })).toBeInTheDocument()
    expect(entry('King activity').getByText('Use the king')).toBeInTheDocument()
    expect(entry('Opposition').getByText('Kings facing')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Video player' })).not.toBeInTheDocument()
    expect(screen.queryByText(/secret-lesson/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument()
    expect(countRequests(`/api/modules/course/${course._id}`)).toBe(0)
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(screen.getByText('At /login')).toBeInTheDocument()
  })

  it("tells a course's facts: 'Free' beside $0.00, its level, its video's length, its lines and puzzles, 'What you'll learn'", async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const course = seedCourse({
      title: 'Basics',
      instructor: teacher,
      price: 0,
      level: 'Beginner',
      learningPoints: ['How the pieces move', 'Mate with a rook'],
    })
    const moves = seedModule({ courseId: course._id, title: 'Moves', description: 'd' })
    const mates = seedModule({
      courseId: course._id,
      title: 'Mates',
      description: 'd',
      puzzles: [
        { fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', moves: ['a1a8'] },
        { fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', moves: ['a1a8'] },
      ],
    })
    const italian = seedModule({
      courseId: course._id,
      title: 'Italian',
      description: 'd',
      line: { pgn: '1. e4 e5 2. Nf3 Nc6 3. Bc4', side: 'white' },
    })
    // The videos' lengths as a learner's player measured them: 100 + 80 + 20 minutes.
    const stu = seedUser({ username: 'stu' })
    seedProgress(stu, moves, { durationSeconds: 6000 })
    seedProgress(stu, mates, { durationSeconds: 4800 })
    seedProgress(stu, italian, { durationSeconds: 1200 })
    render(course._id)
    expect(await screen.findByRole('article', { name: 'Mates' })).toBeInTheDocument()
    const facts = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(facts('Price')).toBe('$0.00Free')
    expect(screen.getByText('Free')).toBeInTheDocument()
    expect(facts('Level')).toBe('Beginner')
    expect(facts('Total length')).toBe('3 h 20 min of video')
    expect(facts('Lines')).toBe('1')
    expect(facts('Puzzles')).toBe('2')
    const learn = within(screen.getByRole('region', { name: "What you'll learn" }))
    expect(learn.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'How the pieces move',
      'Mate with a rook',
    ])
  })

  it("opens a 'Free preview' to a visitor, its video and line, nothing of it recorded; the others stay closed", async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const course = seedCourse({ title: 'Open Games', instructor: teacher, price: 20 })
    seedModule({
      courseId: course._id,
      title: 'Centre first',
      description: 'Take the centre',
      videoUrl: 'https://videos.example.com/centre.mp4',
      line: { pgn: '1. e4 e5 2. Nf3 Nc6 *', side: 'white' },
      freePreview: true,
    })
    seedModule({ courseId: course._id, title: 'Rook endings', description: 'Cut the king off' })
    const { user } = render(course._id)
    expect(await screen.findByRole('article', { name: 'Centre first' })).toBeInTheDocument()
    expect(entry('Centre first').getByText('Free preview')).toBeInTheDocument()
    expect(entry('Rook endings').queryByText('Free preview')).not.toBeInTheDocument()
    expect(entry('Rook endings').queryByRole('button')).not.toBeInTheDocument()
    await user.click(entry('Centre first').getByRole('button', { name: 'Watch the free preview' }))
    expect(await screen.findByRole('region', { name: 'Video player' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Practise this line' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Mark as complete/ })).not.toBeInTheDocument()
    // only the preview was read: no module list, no progress
    expect(countRequests(`/api/modules/course/${course._id}`)).toBe(0)
    expect(countRequests('/api/progress')).toBe(0)
    expect(screen.getAllByRole('region', { name: 'Video player' })).toHaveLength(1)
  })

  it("is the course's landing page: its description, price, instructor (a link to the profile), modules and lines", async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const course = seedCourse({
      title: 'Open Games',
      description: 'From 1. e4 e5 to a plan',
      instructor: teacher,
      price: 24.5,
    })
    seedModule({ courseId: course._id, title: 'Why e4', description: 'The centre' })
    seedModule({
      courseId: course._id,
      title: 'The Italian',
      description: 'Bishop to c4',
      line: { pgn: '1. e4 e5 2. Nf3 Nc6 3. Bc4', side: 'white' },
    })
    const { user } = render(course._id)
    expect(await screen.findByRole('article', { name: 'The Italian' })).toBeInTheDocument()
    expect(screen.getByText('From 1. e4 e5 to a plan')).toBeInTheDocument()
    expect(screen.getByText('$24.50')).toBeInTheDocument()
    expect(screen.getByText('2 (1 with an interactive line)')).toBeInTheDocument()
    expect(entry('The Italian').getByText('Interactive line')).toBeInTheDocument()
    expect(entry('Why e4').queryByText('Interactive line')).not.toBeInTheDocument()
    // No player has measured a video yet: no length is made up.
    expect(screen.queryByText('Total length')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'teacher' }))
    expect(screen.getByText(`At /profile/${teacher._id}`)).toBeInTheDocument()
  })

  it("shows a student not enrolled the curriculum with 'Enroll Now', then the modules once enrolled", async () => {
    const { course } = setup()
    const stu = seedUser({ username: 'stu' })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(course._id, stu)
    expect(await screen.findByRole('article', { name: 'Opposition' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Video player' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }))
    expect(await screen.findByText('Enrolled successfully!')).toBeInTheDocument()
    expect(await stored.enrollments()).toContainEqual(
      expect.objectContaining({ courseId: course._id, studentId: stu._id }),
    )
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Video player' })).toHaveLength(2))
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument()
    spy.mockRestore()
  })

  it("asks before 'Enroll Now' pays for a paid course on its page, naming it and its price, then shows the modules", async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const course = seedCourse({ title: 'Rook Endings', instructor: teacher, price: 24.5 })
    seedModule({ courseId: course._id, title: 'Lucena', description: 'Building a bridge' })
    const stu = seedUser({ username: 'stu' })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(course._id, stu)
    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your purchase' })
    expect(dialog).toHaveTextContent('Enroll in Rook Endings for $24.50?')
    expect(await stored.enrollments()).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay' }))
    expect(await screen.findByText('Enrolled successfully!')).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Video player' })).toBeInTheDocument()
    expect(await stored.enrollments()).toEqual([
      expect.objectContaining({ courseId: course._id, studentId: stu._id }),
    ])
    spy.mockRestore()
  })

  it("lets a student not enrolled put the course in the cart ('Add to Cart', then 'In your cart')", async () => {
    const { course } = setup()
    const stu = seedUser({ username: 'stu' })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(course._id, stu)
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }))
    expect(await screen.findByText('In your cart')).toBeInTheDocument()
    expect(await stored.cart(stu._id)).toEqual([course._id])
    spy.mockRestore()
  })

  it("says 'In your cart' for a course already there", async () => {
    const { course } = setup()
    const stu = seedUser({ username: 'stu' })
    seedCart(stu._id, [course._id])
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(course._id, stu)
    expect(await screen.findByText('In your cart')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument()
    spy.mockRestore()
  })

  it("shows 'Course not found.' with a link to /courses for an unknown course", async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render('00000000-0000-4000-8000-000000000404')
    expect(await screen.findByText(COURSE_NOT_FOUND_TEXT)).toBeInTheDocument()
    expect(COURSE_NOT_FOUND_TEXT).toBe('Course not found.')
    expect(screen.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/courses')
    expect(screen.queryByRole('heading', { name: /Modules for Course/ })).not.toBeInTheDocument()
    spy.mockRestore()
  })

  it('says the curriculum could not be loaded, with Retry, instead of posing as empty', async () => {
    const { course } = setup()
    let fail = true
    server.use(
      http.get(`${API}/courses/:courseId/curriculum`, () =>
        fail ? problem(503, 'Service Unavailable') : HttpResponse.json([]),
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(course._id)
    expect(await screen.findByText('The modules of this course could not be loaded.')).toBeInTheDocument()
    expect(screen.queryByText('No modules yet.')).not.toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No modules yet.')).toBeInTheDocument()
    spy.mockRestore()
  })

  it('gives an enrolled student, the instructor and an admin the modules as before, without the curriculum call', async () => {
    const { teacher, course } = setup()
    const stu = seedUser({ username: 'stu' })
    seedEnrollment(course._id, stu._id)
    const admin = seedUser({ username: 'root', role: 'admin' })
    for (const who of [stu, teacher, admin]) {
      const { unmount } = render(course._id, who)
      await waitFor(() => expect(screen.getAllByRole('region', { name: 'Video player' })).toHaveLength(2))
      expect(screen.queryByRole('button', { name: /Enroll Now|Login/ })).not.toBeInTheDocument()
      unmount()
    }
    expect(countRequests(`/api/courses/${course._id}/curriculum`)).toBe(0)
  })
})
