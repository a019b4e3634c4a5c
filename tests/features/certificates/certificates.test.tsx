// Certificates in the browser, answered by the real server: a certificate's page as a visitor and as its holder
// (private: 'Certificate not found' to the visitor, a note to the holder), and the profile's list with
// 'View certificate' and 'Keep my certificates private'.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import CertificatePage, { CERTIFICATE_MISSING_TEXT } from '@/features/certificates/CertificatePage'
import { PRIVATE_LABEL } from '@/features/certificates/MyCertificates'
import ProfilePage from '@/features/profile/ProfilePage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { newId, query, seedCourse, seedUser, sessionOf, type SeededUser } from '../../helpers/backend'

/** A certificate of `learner`'s of a course 'Rook endings' by judit, issued on 7 March 2025. */
async function certificateOf(learner: SeededUser): Promise<string> {
  const judit = seedUser({ username: 'judit', role: 'instructor' })
  const course = seedCourse({ title: 'Rook endings', instructor: judit })
  const id = newId()
  await query(
    `INSERT INTO certificates (id, user_id, course_id, learner_name, course_title, instructor_name, issued_at)
     VALUES ($1, $2, $3, $4, 'Rook endings', 'judit', '2025-03-07T10:00:00Z')`,
    [id, learner._id, course._id, learner.username],
  )
  return id
}

const renderCertificate = (id: string, reader?: SeededUser) =>
  renderWithProviders(<CertificatePage />, {
    route: `/certificates/${id}`,
    path: '/certificates/:certificateId',
    preloadedState: reader ? { auth: sessionOf(reader) } : undefined,
  })

describe('certificates', () => {
  it("shows a visitor 'Certificate of completion' with the learner, the course, its instructor and the date", async () => {
    const alice = seedUser({ username: 'alice' })
    const id = await certificateOf(alice)
    renderCertificate(id)
    expect(await screen.findByRole('heading', { name: 'Certificate of completion' })).toBeInTheDocument()
    expect(screen.getByText('alice')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Rook endings' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/modules$/),
    )
    expect(screen.getByText('judit')).toBeInTheDocument()
    expect(screen.getByText('7 March 2025')).toBeInTheDocument()
    expect(screen.getByText(`Verify it at ${window.location.origin}/certificates/${id}`)).toBeInTheDocument()
    expect(screen.queryByText(/Only you can see this certificate/)).not.toBeInTheDocument()
  })

  it("a private certificate is 'Certificate not found' to a visitor; its holder sees it, told that it is private", async () => {
    const alice = seedUser({ username: 'alice' })
    const id = await certificateOf(alice)
    await query('UPDATE users SET certificates_private = true WHERE id = $1', [alice._id])
    const visitor = renderCertificate(id)
    expect(await screen.findByRole('heading', { name: 'Certificate not found' })).toBeInTheDocument()
    expect(screen.getByText(CERTIFICATE_MISSING_TEXT)).toBeInTheDocument()
    visitor.unmount()

    renderCertificate(id, alice)
    expect(await screen.findByRole('heading', { name: 'Certificate of completion' })).toBeInTheDocument()
    expect(screen.getByText(/Only you can see this certificate/)).toBeInTheDocument()
  })

  it("lists the learner's certificates on their profile with 'View certificate', and keeps them private when asked", async () => {
    const alice = seedUser({ username: 'alice' })
    const id = await certificateOf(alice)
    const { user } = renderWithProviders(<ProfilePage />, {
      route: '/profile',
      path: '/profile',
      preloadedState: { auth: sessionOf(alice) },
    })
    expect(await screen.findByRole('heading', { name: 'My certificates' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'View certificate' })).toHaveAttribute(
      'href',
      `/certificates/${id}`,
    )
    expect(screen.getByText('Rook endings')).toBeInTheDocument()

    const setting = screen.getByRole('checkbox', { name: PRIVATE_LABEL })
    expect(setting).not.toBeChecked()
    await user.click(setting)
    await waitFor(() => expect(setting).toBeChecked())
    expect(
      await query('SELECT certificates_private AS private FROM users WHERE id = $1', [alice._id]),
    ).toEqual([{ private: true }])
  })
})
