import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import ProfilePage from '@/features/profile/ProfilePage'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { db, seedCourse, seedEnrollment, seedUser, sessionOf, type FakeUser } from '../../helpers/fakeDb'
import { server } from '../../helpers/mswServer'

function render(route: string, who?: FakeUser) {
  return renderWithProviders(<ProfilePage />, {
    route,
    path: route.startsWith('/profile/') ? '/profile/:id' : '/profile',
    preloadedState: who ? { auth: sessionOf(who) } : undefined,
  })
}
const field = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling

describe('/profile and /profile/{id} (spec §2, §6, §8)', () => {
  it("shows one's own profile with email, bio 'N/A' when empty, and phone number", async () => {
    const me = seedUser({ username: 'me', email: 'me@example.com', phoneNumber: '555-0100' })
    render('/profile', me)
    expect(await screen.findByRole('heading', { name: 'me' })).toBeInTheDocument()
    expect(field('Bio')).toHaveTextContent('N/A')
    expect(field('Phone Number')).toHaveTextContent('555-0100')
    expect(field('Email')).toHaveTextContent('me@example.com')
  })

  it('treats /profile/{own id} as the own profile', async () => {
    const me = seedUser({ username: 'me', bio: 'Club player' })
    render(`/profile/${me._id}`, me)
    expect(await screen.findByRole('heading', { name: 'me' })).toBeInTheDocument()
    expect(field('Email')).toHaveTextContent('me@example.com')
    expect(field('Bio')).toHaveTextContent('Club player')
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
  })

  it("hides email and editing on someone else's profile", async () => {
    const me = seedUser({ username: 'me' })
    const other = seedUser({ username: 'other', bio: 'GM hopeful' })
    render(`/profile/${other._id}`, me)
    expect(await screen.findByRole('heading', { name: 'other' })).toBeInTheDocument()
    expect(field('Bio')).toHaveTextContent('GM hopeful')
    expect(screen.queryByText('Email')).not.toBeInTheDocument()
    expect(screen.queryByText('other@example.com')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument()
  })

  it('shows a public profile to a visitor', async () => {
    const other = seedUser({ username: 'other' })
    render(`/profile/${other._id}`)
    expect(await screen.findByRole('heading', { name: 'other' })).toBeInTheDocument()
    expect(screen.queryByText('Email')).not.toBeInTheDocument()
  })

  it("lists 'Purchased Courses' with buttons to the modules, or 'No purchased courses.'", async () => {
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Openings' })
    seedEnrollment(course._id, stu._id)
    const { user } = render('/profile', stu)
    expect(await screen.findByRole('heading', { name: 'Purchased Courses' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Openings' }))
    expect(await screen.findByText('Other page')).toBeInTheDocument()
  })

  it("says 'No purchased courses.' for an empty list", async () => {
    render('/profile', seedUser({ username: 'stu' }))
    expect(await screen.findByText('No purchased courses.')).toBeInTheDocument()
  })

  it("titles an instructor's list 'Teaching Courses'", async () => {
    const t = seedUser({ username: 'teach', role: 'instructor' })
    seedCourse({ title: 'Taught', instructor: t })
    render(`/profile/${t._id}`)
    expect(await screen.findByRole('heading', { name: 'Teaching Courses' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Taught' })).toBeInTheDocument()
  })

  it("says 'No authentication token found' on /profile when logged out", () => {
    render('/profile')
    expect(screen.getByRole('alert')).toHaveTextContent('No authentication token found')
  })

  it("says 'Error fetching profile: ' with the message when the fetch fails", async () => {
    render('/profile/00000000-0000-4000-8000-00000000ffff', seedUser({ username: 'me' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching profile: Not Found')
  })

  it("edits bio and phone with 'Save Changes', and 'Cancel' leaves edit mode unchanged", async () => {
    const me = seedUser({ username: 'me' })
    const { user } = render('/profile', me)
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.type(screen.getByLabelText('Bio'), 'Loves the Najdorf')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(field('Bio')).toHaveTextContent('N/A')
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }))
    await user.type(screen.getByLabelText('Bio'), 'Loves the Najdorf')
    await user.type(screen.getByLabelText('Phone Number'), '+44 20 7946 0000')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Loves the Najdorf')).toBeInTheDocument()
    expect(field('Phone Number')).toHaveTextContent('+44 20 7946 0000')
    expect(db.users[0]).toMatchObject({ bio: 'Loves the Najdorf', phoneNumber: '+44 20 7946 0000' })
  })

  it("says 'Error updating profile: ' with the message when saving fails", async () => {
    server.use(
      http.put(`${config.apiBaseUrl}/api/profile/me`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'phoneNumber is invalid' },
          { status: 400 },
        ),
      ),
    )
    const { user } = render('/profile', seedUser({ username: 'me' }))
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Error updating profile: phoneNumber is invalid')
    expect(within(screen.getByRole('form')).getByRole('button', { name: 'Save Changes' })).toBeInTheDocument()
  })
})
