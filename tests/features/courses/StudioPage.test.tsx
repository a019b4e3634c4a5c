import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { documentTitle } from '@/app/DocumentTitle'
import { renderApp } from '../../helpers/renderWithProviders'
import { seedCourse, seedUser, sessionOf, type SeededUser } from '../../helpers/backend'

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }))
const cardTitles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)

function open(who?: SeededUser) {
  return renderApp('/studio', { preloadedState: who ? { auth: sessionOf(who) } : undefined })
}

describe('/studio', () => {
  it("lists an instructor's own courses, drafts first, with 'New course' and the header's 'Studio' link", async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    const other = seedUser({ username: 'colleague', role: 'instructor' })
    seedCourse({ title: 'Old sketch', instructor: me, published: false })
    seedCourse({ title: 'Rook endings', instructor: me })
    seedCourse({ title: 'Their course', instructor: other })
    seedCourse({ title: 'Pawn storms', instructor: me })
    seedCourse({ title: 'Their draft', instructor: other, published: false })
    const secret = seedCourse({ title: 'Secret Gambit', instructor: me, published: false })
    open(me)

    expect(await screen.findByRole('heading', { level: 1, name: 'Studio' })).toBeInTheDocument()
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Secret Gambit', 'Old sketch', 'Pawn storms', 'Rook endings']),
    )
    const draft = screen.getByRole('article', { name: 'Secret Gambit' })
    expect(within(draft).getByText('Draft')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Pawn storms' })).queryByText('Draft')).toBeNull()
    expect(within(draft).getByRole('link', { name: 'View course Secret Gambit' })).toHaveAttribute(
      'href',
      `/courses/${secret._id}/modules`,
    )
    expect(screen.getByRole('link', { name: 'New course' })).toHaveAttribute('href', '/courses')
    expect(nav().getByRole('link', { name: 'Studio' })).toHaveAttribute('href', '/studio')
    expect(document.title).toBe('Studio · Chess Online Education')
  })

  it("shows an admin their own courses only, not another instructor's drafts", async () => {
    const admin = seedUser({ username: 'boss', role: 'admin' })
    const other = seedUser({ username: 'colleague', role: 'instructor' })
    seedCourse({ title: 'Admin course', instructor: admin })
    seedCourse({ title: 'Their draft', instructor: other, published: false })
    open(admin)
    await waitFor(() => expect(cardTitles()).toEqual(['Admin course']))
    expect(nav().getByRole('link', { name: 'Studio' })).toHaveAttribute('href', '/studio')
  })

  it('says so when the instructor has no course yet, still offering a new one', async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    open(me)
    expect(await screen.findByText('You have no courses yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'New course' })).toHaveAttribute('href', '/courses')
  })

  it('sends a student to / and shows them no Studio link', async () => {
    const student = seedUser({ username: 'learner', role: 'student' })
    const { router } = open(student)
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(screen.queryByRole('heading', { name: 'Studio' })).not.toBeInTheDocument()
    expect(nav().queryByRole('link', { name: 'Studio' })).not.toBeInTheDocument()
    expect(nav().getByRole('link', { name: 'Profile' })).toBeInTheDocument()
  })

  it('sends a visitor to / and shows them no Studio link', async () => {
    const { router } = open()
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(nav().queryByRole('link', { name: 'Studio' })).not.toBeInTheDocument()
  })

  it("is titled 'Studio'", () => {
    expect(documentTitle('/studio')).toBe('Studio · Chess Online Education')
  })
})
