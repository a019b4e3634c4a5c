import { useEffect, useRef, useState } from 'react'
import type { Module } from '@/api/generated/api'
import {
  moduleApi,
  useCreateModuleMutation,
  useDeleteModuleMutation,
  useUpdateModuleMutation,
} from '@/features/modules/moduleEndpoints'
import { readableProblem, type ReadableProblem } from '@/api/problemText'
import { ActionError } from '@/components/ActionError'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { ModuleCard } from '@/features/modules/ModuleCard'
import { ModuleForm, type ModuleFormValues } from '@/features/modules/ModuleForm'
import { ModuleSlot, useModuleOrder } from '@/features/modules/ModuleOrder'
import { MODULE_FIELDS, withLineField } from '@/features/modules/moduleFormRules'
import { useRevealModule } from '@/features/modules/useRevealModule'
import { scrollToElement } from '@/components/useFormFocus'

export const DELETE_MODULE_TEXT = 'Are you sure you want to delete this module?'

/** `opened` counts the openings (a second 'Edit' on the module being edited brings its form back into view);
 * `draft` and `problem` are what was typed when the server refused it, and why. */
type Open = { opened: number; draft?: ModuleFormValues; problem?: ReadableProblem }
type FormState = { mode: 'closed' } | ({ mode: 'add' } & Open) | ({ mode: 'edit'; module: Module } & Open)

type Props = { courseId: string; canManage: boolean }

/** A saved module scrolls into view once its card shows the server's answer. */
function useRevealSaved(saved: { id: string } | null, modules: Module[] | undefined) {
  const revealed = useRef<object | null>(null)
  useEffect(() => {
    if (!saved || revealed.current === saved) return
    const card = document.getElementById(`module-${saved.id}`)?.closest('article')
    if (!card) return
    revealed.current = saved
    scrollToElement(card, 'nearest')
  }, [saved, modules])
}

/** The modules of a course for those who may watch them: cards, and for its managers the add/edit form. */
export function ModuleList({ courseId, canManage }: Props) {
  // Read here, not passed down: a change made here (an optimistic add, edit or delete) then renders with this
  // component's own state change, in the same pass, instead of waiting for the store's batched notification.
  const modules = moduleApi.endpoints.getModulesByCourse.useQueryState({ courseId }).data
  const [createModule] = useCreateModuleMutation()
  const [updateModule] = useUpdateModuleMutation()
  const [deleteModule, deletion] = useDeleteModuleMutation()
  const order = useModuleOrder(courseId, modules ?? [])
  const [form, setForm] = useState<FormState>({ mode: 'closed' })
  const [deleting, setDeleting] = useState<Module | null>(null)
  const [saved, setSaved] = useState<{ id: string } | null>(null)
  const openings = useRef(0)
  useRevealModule(modules !== undefined)
  useRevealSaved(saved, modules)
  const open = (state: { mode: 'add' } | { mode: 'edit'; module: Module }, refused?: Omit<Open, 'opened'>) =>
    ({ ...state, ...refused, opened: ++openings.current }) as FormState
  // The list updates at once (optimistic updates in moduleEndpoints.ts). A refusal rolls it back with an alert
  // (moduleListeners.ts), and the form comes back with what was typed and the server's reason.
  async function save(values: ModuleFormValues) {
    const sent = form
    setForm({ mode: 'closed' })
    try {
      const module =
        sent.mode === 'edit'
          ? await updateModule({ moduleId: sent.module._id, modulePatch: values }).unwrap()
          : await createModule({ moduleInput: { ...values, courseId } }).unwrap()
      setSaved({ id: module._id })
    } catch (error) {
      const refused = { draft: values, problem: withLineField(readableProblem(error, MODULE_FIELDS)) }
      const again =
        sent.mode === 'edit' ? { mode: 'edit' as const, module: sent.module } : { mode: 'add' as const }
      // Never over a form opened in the meantime.
      setForm((now) => (now.mode === 'closed' ? open(again, refused) : now))
    }
  }

  function confirmDelete() {
    if (deleting) void deleteModule({ moduleId: deleting._id })
    setDeleting(null)
  }

  return (
    <>
      <div className="section-head">
        <h2>Modules</h2>
        {canManage && form.mode === 'closed' && (
          <button type="button" className="btn btn--primary" onClick={() => setForm(open({ mode: 'add' }))}>
            Add Module
          </button>
        )}
      </div>
      {form.mode !== 'closed' && (
        <ModuleForm
          key={form.mode === 'edit' ? form.module._id : 'add'}
          courseId={courseId}
          editing={form.mode === 'edit' ? form.module : null}
          opened={form.opened}
          draft={form.draft}
          problem={form.problem}
          onSubmit={(values) => void save(values)}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}
      <div className="stack">
        {(modules ?? []).map((m, i, all) => {
          const card = (
            <ModuleCard
              key={m._id}
              module={m}
              previous={all[i - 1]}
              next={all[i + 1]}
              canManage={canManage}
              onEdit={(module) => setForm(open({ mode: 'edit', module }))}
              onDelete={setDeleting}
            />
          )
          // Only the course's managers get the order's controls and delete; a student's page has none of them.
          return canManage ? (
            <ModuleSlot key={m._id} module={m} index={i} count={all.length} order={order}>
              {card}
              {deletion.originalArgs?.moduleId === m._id && (
                <ActionError error={deletion.error} failed={`${m.title} could not be deleted`} />
              )}
            </ModuleSlot>
          ) : (
            card
          )
        })}
        {modules?.length === 0 && <p className="muted">No modules yet.</p>}
      </div>
      {deleting && (
        <ConfirmDialog
          message={DELETE_MODULE_TEXT}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  )
}
