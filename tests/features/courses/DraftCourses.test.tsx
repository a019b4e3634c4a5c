import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import CoursesPage from '@/features/courses/CoursesPage'
import { DRAFT_MARK } from '@/features/courses/DraftCourses'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCourse, seedUser, sessionOf, stored, type SeededUser } from '../../helpers/backend'

function render(who: SeededUser) {
  return renderWithProviders(<CoursesPage />, {
    route: '/courses',
    path: '/courses',
    preloadedState: { auth: sessionOf(who) },
  })
}

const drafts = () => within(screen.getByRole('region', { name: 'Drafts' }))

describe('drafts on /courses', () => {
  it("an unchecked 'Publish now' makes a draft: marked 'Draft' above the catalogue, which does not list it", async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    seedCourse({ title: 'Rook endings', instructor: me })
    const { user } = render(me)
    await screen.findByRole('article', { name: 'Rook endings' })
    const form = within(await screen.findByRole('form', { name: 'Create course' }))
    expect(form.getByRole('checkbox', { name: 'Publish now' })).toBeChecked()
    await user.type(form.getByLabelText('Title'), 'Secret Gambit')
    await user.type(form.getByLabelText('Description'), 'Half finished')
    await user.type(form.getByLabelText('Price'), '0')
    await user.click(form.getByRole('checkbox', { name: 'Publish now' }))
    await user.click(form.getByRole('button', { name: 'Create Course' }))

    const card = await waitFor(() => drafts().getByRole('article', { name: 'Secret Gambit' }))
    expect(within(card).getByText(DRAFT_MARK)).toBeInTheDocument()
    expect((await stored.courses()).find((c) => c.title === 'Secret Gambit')).toMatchObject({
      published: false,
    })
    // the catalogue's cards: only the published course
    const region = screen.getByRole('region', { name: 'Drafts' })
    const catalogue = screen.getAllByRole('heading', { level: 3 }).filter((h) => !region.contains(h))
    expect(catalogue.map((h) => h.textContent)).toEqual(['Rook endings'])

    await user.click(within(card).getByRole('button', { name: 'Publish Secret Gambit' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Drafts' })).not.toBeInTheDocument())
    expect(await screen.findByRole('article', { name: 'Secret Gambit' })).toBeInTheDocument()
    expect(screen.queryByText(DRAFT_MARK)).not.toBeInTheDocument()
    // and back to the drafts
    await user.click(screen.getByRole('button', { name: 'Unpublish Secret Gambit' }))
    expect(await screen.findByRole('region', { name: 'Drafts' })).toBeInTheDocument()
    expect(drafts().getByText(DRAFT_MARK)).toBeInTheDocument()
  })

  it('a course created as before (Publish now checked) goes straight to the catalogue', async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    const { user } = render(me)
    const form = within(await screen.findByRole('form', { name: 'Create course' }))
    await user.type(form.getByLabelText('Title'), 'Open files')
    await user.type(form.getByLabelText('Description'), 'Rooks')
    await user.type(form.getByLabelText('Price'), '5')
    await user.click(form.getByRole('button', { name: 'Create Course' }))
    expect(await screen.findByRole('article', { name: 'Open files' })).toBeInTheDocument()
    expect((await stored.courses())[0]).toMatchObject({ title: 'Open files', published: true })
    expect(screen.queryByRole('region', { name: 'Drafts' })).not.toBeInTheDocument()
  })

  it("shows a student neither another instructor's draft nor a Drafts section", async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    seedCourse({ title: 'Rook endings', instructor: teacher })
    seedCourse({ title: 'Secret Gambit', instructor: teacher, published: false })
    const student = seedUser({ username: 'learner', role: 'student' })
    render(student)
    expect(await screen.findByRole('article', { name: 'Rook endings' })).toBeInTheDocument()
    expect(screen.queryByText('Secret Gambit')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Drafts' })).not.toBeInTheDocument()
  })
})
