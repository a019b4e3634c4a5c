import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '../../helpers/renderWithProviders'
import { seedUser, sessionOf, stored } from '../../helpers/backend'

describe("'Create Course' on /courses", () => {
  it("clears the form, then says 'Course created.' with an 'Add modules' link to the new course's modules", async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    const { user, router } = renderApp('/courses', { preloadedState: { auth: sessionOf(me) } })
    const form = await screen.findByRole('form', { name: 'Create course' })
    const inForm = within(form)
    expect(inForm.getByRole('status')).toBeEmptyDOMElement()
    await user.type(inForm.getByLabelText('Title'), 'Open files')
    await user.type(inForm.getByLabelText('Description'), 'Rooks on open files')
    await user.type(inForm.getByLabelText('Price'), '5')
    await user.click(inForm.getByRole('button', { name: 'Create Course' }))

    await waitFor(() => expect(inForm.getByRole('status')).toHaveTextContent('Course created.'))
    expect(inForm.getByLabelText('Title')).toHaveValue('')
    expect(inForm.getByLabelText('Description')).toHaveValue('')
    expect(inForm.getByLabelText('Price')).toHaveValue(null)
    const [course] = await stored.courses()
    expect(course).toMatchObject({ title: 'Open files' })
    const link = within(inForm.getByRole('status')).getByRole('link', { name: 'Add modules' })
    expect(link).toHaveAttribute('href', `/courses/${course._id}/modules`)

    await user.click(link)
    expect(await screen.findByRole('heading', { name: 'Modules for Course: Open files' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/courses/${course._id}/modules`)
  })

  it("says nothing after 'Update Course'", async () => {
    const me = seedUser({ username: 'teacher', role: 'instructor' })
    const { user } = renderApp('/courses', { preloadedState: { auth: sessionOf(me) } })
    const form = within(await screen.findByRole('form', { name: 'Create course' }))
    await user.type(form.getByLabelText('Title'), 'Open files')
    await user.type(form.getByLabelText('Description'), 'Rooks')
    await user.type(form.getByLabelText('Price'), '5')
    await user.click(form.getByRole('button', { name: 'Create Course' }))
    await waitFor(() => expect(form.getByRole('status')).toHaveTextContent('Course created.'))

    await user.click(await screen.findByRole('button', { name: 'Edit Open files' }))
    const editForm = within(screen.getByRole('form', { name: 'Edit course' }))
    expect(editForm.getByRole('status')).toBeEmptyDOMElement()
    await user.clear(editForm.getByLabelText('Price'))
    await user.type(editForm.getByLabelText('Price'), '7')
    await user.click(editForm.getByRole('button', { name: 'Update Course' }))
    const createForm = within(await screen.findByRole('form', { name: 'Create course' }))
    await waitFor(async () => expect((await stored.courses())[0]).toMatchObject({ price: 7 }))
    expect(createForm.getByRole('status')).toBeEmptyDOMElement()
  })
})
