import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import CoursesPage from '@/features/courses/CoursesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCourse, seedUser, sessionOf, type SeededUser } from '../../helpers/backend'

// jsdom does not scroll: record which elements were asked to come into view.
const scrolled = vi.fn<(this: Element, arg?: boolean | ScrollIntoViewOptions) => void>()
const jsdomScroll = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView')
beforeEach(() => {
  scrolled.mockClear()
  Element.prototype.scrollIntoView = scrolled
})
afterEach(() => {
  if (jsdomScroll) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomScroll)
  else delete (Element.prototype as Partial<Element>).scrollIntoView
})
const scrolledInto = () => scrolled.mock.contexts

function render(who: SeededUser) {
  return renderWithProviders(<CoursesPage />, {
    route: '/courses',
    path: '/courses',
    preloadedState: { auth: sessionOf(who) },
  })
}

describe('course form: where it is and what it edits', () => {
  it('leaves focus and scroll alone when the page opens with the create form', async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    seedCourse({ title: 'Rook endings', instructor: me })
    render(me)
    expect(await screen.findByRole('article', { name: 'Rook endings' })).toBeInTheDocument()
    // the form's code loads on its own, for instructors and admins only
    const form = await screen.findByRole('form', { name: 'Create course' })
    expect(within(form).getByRole('heading', { name: 'Create Course' })).toBeInTheDocument()
    expect(scrolled).not.toHaveBeenCalled()
    expect(within(form).getByLabelText('Title')).not.toHaveFocus()
  })

  it("brings the form into view on 'Edit', focuses its first field and names the course being edited", async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    seedCourse({ title: 'Rook endings', instructor: me })
    seedCourse({ title: 'Pawn storms', instructor: me })
    const { user } = render(me)
    const card = await screen.findByRole('article', { name: 'Pawn storms' })
    await user.click(within(card).getByRole('button', { name: 'Edit Pawn storms' }))
    const form = screen.getByRole('form', { name: 'Edit course' })
    expect(within(form).getByRole('heading', { name: 'Edit course: Pawn storms' })).toBeInTheDocument()
    expect(within(form).getByLabelText('Title')).toHaveFocus()
    expect(scrolledInto()).toEqual([form])

    await user.click(screen.getByRole('button', { name: 'Edit Rook endings' }))
    expect(within(form).getByRole('heading', { name: 'Edit course: Rook endings' })).toBeInTheDocument()
    expect(within(form).getByLabelText('Title')).toHaveValue('Rook endings')
    expect(within(form).getByLabelText('Title')).toHaveFocus()
    expect(scrolledInto()).toEqual([form, form])
  })

  it("edits the course's level and 'What you'll learn', one point a line, and the card shows the new level", async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    seedCourse({
      title: 'Rook endings',
      instructor: me,
      level: 'Beginner',
      learningPoints: ['Lucena', 'Philidor'],
    })
    const { user } = render(me)
    const card = await screen.findByRole('article', { name: 'Rook endings' })
    expect(within(card).getByText('Beginner')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Edit Rook endings' }))
    const form = screen.getByRole('form', { name: 'Edit course' })
    expect(within(form).getByLabelText('Level')).toHaveValue('Beginner')
    const points = within(form).getByLabelText("What you'll learn")
    expect(points).toHaveValue('Lucena\nPhilidor')
    await user.selectOptions(within(form).getByLabelText('Level'), 'Advanced')
    await user.type(points, '\n\n  Vancura  ')
    await user.click(within(form).getByRole('button', { name: 'Update Course' }))
    expect(await within(card).findByText('Advanced')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Edit Rook endings' }))
    expect(within(form).getByLabelText("What you'll learn")).toHaveValue('Lucena\nPhilidor\nVancura')
  })
})
