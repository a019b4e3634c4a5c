import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import ProfilePage from '@/features/profile/ProfilePage'
import { PHONE_NUMBER_RULE_TEXT } from '@/features/profile/errorMessage'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  query,
  stored,
  seedCourse,
  seedEnrollment,
  seedUser,
  sessionOf,
  type SeededUser,
} from '../../helpers/backend'
import { server } from '../../helpers/mswServer'

function render(route: string, who?: SeededUser) {
  return renderWithProviders(<ProfilePage />, {
    route,
    path: route.startsWith('/profile/') ? '/profile/:id' : '/profile',
    preloadedState: who ? { auth: sessionOf(who) } : undefined,
  })
}
const field = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling

describe('/profile and /profile/{id}', () => {
  it("shows one's own profile with email, bio 'N/A' when empty, and phone number", async () => {
    const me = seedUser({ username: 'myself', email: 'myself@example.com', phoneNumber: '555-0100' })
    render('/profile', me)
    expect(await screen.findByRole('heading', { name: 'myself' })).toBeInTheDocument()
    expect(field('Bio')).toHaveTextContent('N/A')
    expect(field('Phone Number')).toHaveTextContent('555-0100')
    expect(field('Email')).toHaveTextContent('myself@example.com')
  })

  it('treats /profile/{own id} as the own profile', async () => {
    const me = seedUser({ username: 'myself', bio: 'Club player' })
    render(`/profile/${me._id}`, me)
    expect(await screen.findByRole('heading', { name: 'myself' })).toBeInTheDocument()
    expect(field('Email')).toHaveTextContent('myself@example.com')
    expect(field('Bio')).toHaveTextContent('Club player')
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
  })

  it("hides email and editing on someone else's profile", async () => {
    const me = seedUser({ username: 'myself' })
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

  it("shows the login modal with 'No authentication token found' on /profile when logged out", async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render('/profile')
    const dialog = screen.getByRole('dialog', { name: 'Login Required' })
    expect(within(dialog).getByText('No authentication token found')).toBeInTheDocument()
    expect(spy).toHaveBeenCalledWith('No authentication token found')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    // Closed, the page still offers the way in (it opens again on the next visit of /profile).
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.getByRole('link', { name: 'Log in to see your profile' })).toHaveAttribute('href', '/login')
    spy.mockRestore()
  })

  it("says 'Error fetching profile: Not found.' for an unknown id", async () => {
    render('/profile/00000000-0000-4000-8000-00000000ffff', seedUser({ username: 'myself' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error fetching profile: Not found\.$/)
  })

  it("says 'Error fetching profile: Not found.' for an id the server's validator refuses, never its message", async () => {
    server.use(
      http.get(`${config.apiBaseUrl}/api/profile/:id`, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'params/id must match format "uuid"',
          },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    render('/profile/not-an-id', seedUser({ username: 'myself' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/^Error fetching profile: Not found\.$/)
    expect(alert).not.toHaveTextContent(/params|uuid|must/)
  })

  it("edits bio and phone with 'Save Changes', and 'Cancel' leaves edit mode unchanged", async () => {
    const me = seedUser({ username: 'myself' })
    const { user } = render('/profile', me)
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.type(screen.getByLabelText('Bio'), 'Loves the Najdorf')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(field('Bio')).toHaveTextContent('N/A')
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }))
    await user.type(screen.getByLabelText('Bio'), 'Loves the Najdorf')
    await user.type(screen.getByLabelText('Phone Number'), '+44 20 7946 0000')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    // the saved profile, once the page has read it again
    await waitFor(() => {
      expect(screen.getByText('Loves the Najdorf')).toBeInTheDocument()
      expect(field('Phone Number')).toHaveTextContent('+44 20 7946 0000')
    })
    expect((await stored.users())[0]).toMatchObject({
      bio: 'Loves the Najdorf',
      phoneNumber: '+44 20 7946 0000',
    })
  })

  it("puts a refused phone number's sentence next to the field, with the spec's prefix, never the validator's text", async () => {
    server.use(
      http.put(`${config.apiBaseUrl}/api/profile/me`, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'body/phoneNumber must match pattern "^[0-9+() .-]*$"',
          },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    const { user } = render('/profile', seedUser({ username: 'myself' }))
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.type(screen.getByLabelText('Phone Number'), 'call me')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(`Error updating profile: ${PHONE_NUMBER_RULE_TEXT}`)
    expect(alert).not.toHaveTextContent(/body\/|must match/)
    const phone = screen.getByLabelText('Phone Number')
    expect(phone).toHaveAccessibleDescription(`Error updating profile: ${PHONE_NUMBER_RULE_TEXT}`)
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(phone).toHaveValue('call me')
    expect(within(screen.getByRole('form')).getByRole('button', { name: 'Save Changes' })).toBeInTheDocument()
  })

  it("says 'Error updating profile: ' with a readable message when saving fails otherwise", async () => {
    server.use(
      http.put(`${config.apiBaseUrl}/api/profile/me`, () =>
        HttpResponse.json({ type: 'about:blank', title: 'Internal', status: 500 }, { status: 500 }),
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render('/profile', seedUser({ username: 'myself' }))
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error updating profile: Something went wrong. Please try again.',
    )
    expect(screen.getByLabelText('Phone Number')).not.toHaveAttribute('aria-invalid')
    spy.mockRestore()
  })
})

describe('/profile/{id}: the phone number is for signed-in users only', () => {
  it('shows the phone number to a signed-in user', async () => {
    const other = seedUser({ username: 'other', phoneNumber: '555-0199' })
    render(`/profile/${other._id}`, seedUser({ username: 'myself' }))
    expect(await screen.findByRole('heading', { name: 'other' })).toBeInTheDocument()
    expect(field('Phone Number')).toHaveTextContent('555-0199')
  })

  it('shows no phone number, not even its label, to a visitor (the server leaves it out)', async () => {
    const other = seedUser({ username: 'other', phoneNumber: '555-0199', bio: 'Hi' })
    render(`/profile/${other._id}`)
    expect(await screen.findByRole('heading', { name: 'other' })).toBeInTheDocument()
    expect(field('Bio')).toHaveTextContent('Hi')
    expect(screen.queryByText('Phone Number')).not.toBeInTheDocument()
    expect(screen.queryByText('555-0199')).not.toBeInTheDocument()
    expect(screen.queryByText('N/A')).not.toBeInTheDocument()
  })
})

describe("/profile/{id}: a student's purchased courses are theirs", () => {
  function studentWithPurchase() {
    const stu = seedUser({ username: 'stu' })
    seedEnrollment(seedCourse({ title: 'Secret Openings' })._id, stu._id)
    return stu
  }
  const hideCoursesOf = (user: SeededUser) =>
    query('UPDATE users SET show_courses_on_profile = false WHERE id = $1', [user._id])

  it("shows a visitor the profile without the purchased-courses list at all, not 'No purchased courses.'", async () => {
    const stu = studentWithPurchase()
    render(`/profile/${stu._id}`)
    expect(await screen.findByRole('heading', { name: 'stu' })).toBeInTheDocument()
    expect(field('Bio')).toHaveTextContent('N/A')
    expect(screen.queryByRole('heading', { name: 'Purchased Courses' })).not.toBeInTheDocument()
    expect(screen.queryByText('No purchased courses.')).not.toBeInTheDocument()
    expect(screen.queryByText('Secret Openings')).not.toBeInTheDocument()
  })

  it('shows a signed-in reader the list while the owner shows it, and no list once the owner hides it', async () => {
    const stu = studentWithPurchase()
    const reader = seedUser({ username: 'reader' })
    const first = render(`/profile/${stu._id}`, reader)
    expect(await screen.findByRole('heading', { name: 'Purchased Courses' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Secret Openings' })).toBeInTheDocument()
    first.unmount()
    await hideCoursesOf(stu)
    render(`/profile/${stu._id}`, reader)
    expect(await screen.findByRole('heading', { name: 'stu' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Purchased Courses' })).not.toBeInTheDocument()
    expect(screen.queryByText('No purchased courses.')).not.toBeInTheDocument()
    expect(screen.queryByText('Secret Openings')).not.toBeInTheDocument()
  })

  it("lets the owner turn 'Show my courses on my profile' off and on, and still see the list", async () => {
    const stu = studentWithPurchase()
    const { user } = render('/profile', stu)
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    const box = screen.getByRole('checkbox', { name: 'Show my courses on my profile' })
    expect(box).toBeChecked()
    await user.click(box)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Only you and admins can see your courses.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Secret Openings' })).toBeInTheDocument()
    expect(
      await query('SELECT show_courses_on_profile AS shown FROM users WHERE id = $1', [stu._id]),
    ).toEqual([{ shown: false }])
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }))
    const again = screen.getByRole('checkbox', { name: 'Show my courses on my profile' })
    expect(again).not.toBeChecked()
    await user.click(again)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() =>
      expect(screen.queryByText('Only you and admins can see your courses.')).not.toBeInTheDocument(),
    )
    expect(
      await query('SELECT show_courses_on_profile AS shown FROM users WHERE id = $1', [stu._id]),
    ).toEqual([{ shown: true }])
  })

  it("offers no such setting to an instructor, whose 'Teaching Courses' are public", async () => {
    const t = seedUser({ username: 'teach', role: 'instructor' })
    seedCourse({ title: 'Taught', instructor: t })
    const { user } = render('/profile', t)
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    expect(screen.queryByRole('checkbox', { name: 'Show my courses on my profile' })).not.toBeInTheDocument()
  })
})
