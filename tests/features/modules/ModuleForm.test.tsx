import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import ModulesPage from '@/features/modules/ModulesPage'
import { AlertList } from '@/features/layout/AlertList'
import { MODULE_ROLLBACK_TEXT } from '@/features/modules/moduleListeners'
import { MODULE_FIELDS, VIDEO_URL_TEXT } from '@/features/modules/moduleFormRules'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  seedCourse,
  seedModule,
  seedUser,
  sessionOf,
  type SeededUser,
  problem,
  stored,
} from '../../helpers/backend'
import { countRequests, server } from '../../helpers/mswServer'

const API = `${config.apiBaseUrl}/api`

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

function render(courseId: string, who: SeededUser) {
  return renderWithProviders(
    <>
      <AlertList />
      <ModulesPage />
    </>,
    {
      route: `/courses/${courseId}/modules`,
      path: '/courses/:courseId/modules',
      preloadedState: { auth: sessionOf(who) },
    },
  )
}

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
  const m1 = seedModule({ courseId: course._id, title: 'King activity', description: 'Use the king' })
  return { teacher, course, m1 }
}

const form = () => screen.getByRole('form')

async function fillAdd(user: ReturnType<typeof render>['user'], videoUrl: string) {
  await user.click(await screen.findByRole('button', { name: 'Add Module' }))
  await user.type(screen.getByPlaceholderText('Module Title'), 'Opposition')
  await user.type(screen.getByPlaceholderText('Module Description'), 'Kings facing')
  await user.type(screen.getByPlaceholderText('Video URL'), videoUrl)
  await user.click(within(form()).getByRole('button', { name: 'Add Module' }))
}

describe('module form: where it is and what it edits', () => {
  it("brings the form into view on 'Edit' and focuses its first field, under a heading naming the module", async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Edit King activity' }))
    expect(form()).toHaveAccessibleName('Edit module: King activity')
    expect(within(form()).getByRole('heading', { name: 'Edit module: King activity' })).toBeInTheDocument()
    expect(screen.getByLabelText('Module title')).toHaveFocus()
    expect(scrolledInto()).toContain(form())
  })

  it('labels every field visibly and keeps the spec placeholders', async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Add Module' }))
    expect(within(form()).getByRole('heading', { name: 'Add Module' })).toBeInTheDocument()
    const fields: Array<[string, string]> = [
      ['Module title', 'Module Title'],
      ['Module description', 'Module Description'],
      ['Video URL', 'Video URL'],
    ]
    for (const [label, placeholder] of fields) {
      const field = screen.getByLabelText(label)
      expect(field).toHaveAttribute('placeholder', placeholder)
      expect(field.closest('label')).toHaveTextContent(label)
    }
    expect(screen.getByLabelText('Module title')).toHaveFocus()
  })

  it("brings the form back into view when 'Edit' is pressed again for the module being edited", async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Edit King activity' }))
    await user.type(screen.getByLabelText('Module title'), ' and more')
    scrolled.mockClear()
    await user.click(screen.getByRole('button', { name: 'Edit King activity' }))
    expect(scrolledInto()).toContain(form())
    expect(screen.getByLabelText('Module title')).toHaveValue('King activity and more')
  })
})

describe("module form: 'Free preview'", () => {
  it('marks a module a free preview, kept by the server and shown checked when edited again', async () => {
    const { teacher, course, m1 } = setup()
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Edit King activity' }))
    const box = within(form()).getByRole('checkbox', { name: 'Free preview' })
    expect(box).not.toBeChecked()
    await user.click(box)
    await user.click(within(form()).getByRole('button', { name: 'Update Module' }))
    await waitFor(async () =>
      expect(await stored.modules()).toContainEqual(
        expect.objectContaining({ _id: m1._id, freePreview: true }),
      ),
    )
    // the studio's card says so
    expect(
      within(screen.getByRole('article', { name: 'King activity' })).getByText('Free preview'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Edit King activity' }))
    expect(within(form()).getByRole('checkbox', { name: 'Free preview' })).toBeChecked()
  })
})

describe('module form: refusals keep what was typed', () => {
  it('says a URL no player can play is wrong next to the field, sending nothing and adding nothing', async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await fillAdd(user, 'youtube.com/watch?v=abc')
    const url = screen.getByLabelText('Video URL')
    expect(url).toHaveAccessibleDescription(VIDEO_URL_TEXT)
    expect(url).toHaveAttribute('aria-invalid', 'true')
    expect(url).toHaveFocus()
    expect(screen.queryByRole('article', { name: 'Opposition' })).not.toBeInTheDocument()
    expect(countRequests('/api/modules', 'POST')).toBe(0)
    await user.clear(url)
    await user.type(url, 'https://www.youtube.com/watch?v=abc')
    expect(url).not.toHaveAttribute('aria-invalid')
    await user.click(within(form()).getByRole('button', { name: 'Add Module' }))
    await waitFor(async () => expect(await stored.modules()).toHaveLength(2))
    expect((await stored.modules())[1].videoUrl).toBe('https://www.youtube.com/watch?v=abc')
  })

  it("reopens a refused add with what was typed and the server's reason next to its field, never the raw text", async () => {
    const { teacher, course } = setup()
    const raw = 'body/videoUrl must match pattern "^(https?://|/)[^\\s]+$"'
    server.use(http.post(`${API}/modules`, () => problem(400, 'Bad Request', raw)))
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(course._id, teacher)
    await fillAdd(user, 'https://videos.example.com/opp.mp4')
    expect(await screen.findByText(MODULE_ROLLBACK_TEXT)).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Opposition' })).not.toBeInTheDocument()
    expect(form()).toHaveAccessibleName('Add Module')
    expect(screen.getByLabelText('Module title')).toHaveValue('Opposition')
    expect(screen.getByLabelText('Module description')).toHaveValue('Kings facing')
    const url = screen.getByLabelText('Video URL')
    expect(url).toHaveValue('https://videos.example.com/opp.mp4')
    expect(url).toHaveAccessibleDescription(MODULE_FIELDS.videoUrl)
    expect(url).toHaveFocus()
    expect(scrolledInto()).toContain(form())
    expect(screen.queryByText(/must match/)).not.toBeInTheDocument()
    spy.mockRestore()
  })

  it('reopens a refused edit with what was typed and a reason for the whole form', async () => {
    const { teacher, course } = setup()
    server.use(http.patch(`${API}/modules/:id`, () => problem(403, 'Forbidden')))
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(course._id, teacher)
    await user.click(await screen.findByRole('button', { name: 'Edit King activity' }))
    await user.clear(screen.getByLabelText('Module title'))
    await user.type(screen.getByLabelText('Module title'), 'Renamed')
    await user.click(screen.getByRole('button', { name: 'Update Module' }))
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
    expect(form()).toHaveAccessibleName('Edit module: King activity')
    expect(screen.getByLabelText('Module title')).toHaveValue('Renamed')
    expect(screen.getByRole('article', { name: 'King activity' })).toBeInTheDocument()
    spy.mockRestore()
  })

  it('scrolls a saved module into view', async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await fillAdd(user, 'https://vimeo.com/76979871')
    const [, added] = await waitFor(async () => {
      const modules = await stored.modules()
      expect(modules).toHaveLength(2)
      return modules
    })
    // The card shows the server's answer (its id) before it scrolls.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Opposition' })).toHaveAttribute(
        'id',
        `module-${added._id}`,
      ),
    )
    const card = screen.getByRole('article', { name: 'Opposition' })
    await waitFor(() => expect(scrolledInto()).toContain(card))
  })
})
