import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { Module } from '@/api/generated/api'
import {
  useCreateModuleMutation,
  useDeleteModuleMutation,
  useGetCourseQuery,
  useGetModulesByCourseQuery,
  useUpdateModuleMutation,
} from '@/api/enhancedApi'
import { useAppSelector } from '@/app/hooks'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { asCaller, canManageCourse } from '@/domain/rules'
import { ModuleCard } from '@/features/modules/ModuleCard'
import { ModuleForm, type ModuleFormValues } from '@/features/modules/ModuleForm'

export const DELETE_MODULE_TEXT = 'Are you sure you want to delete this module?'

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; module: Module }

export default function ModulesPage() {
  const { courseId = '' } = useParams()
  const user = useAppSelector(selectCurrentUser)
  const course = useGetCourseQuery({ courseId })
  const modules = useGetModulesByCourseQuery({ courseId }, { skip: !user })
  const [createModule] = useCreateModuleMutation()
  const [updateModule] = useUpdateModuleMutation()
  const [deleteModule] = useDeleteModuleMutation()
  const [form, setForm] = useState<FormState>({ mode: 'closed' })
  const [deleting, setDeleting] = useState<Module | null>(null)

  if (course.isLoading || modules.isLoading) return <p role="status">Loading...</p>
  const canManage = course.data ? canManageCourse(asCaller(user), course.data.instructor?._id) : false

  // The list updates at once (optimistic updates in enhancedApi.ts); a refusal rolls back with an alert.
  function save(values: ModuleFormValues) {
    if (form.mode === 'edit') {
      void updateModule({ moduleId: form.module._id, modulePatch: values })
    } else {
      void createModule({ moduleInput: { ...values, courseId } })
    }
    setForm({ mode: 'closed' })
  }

  function confirmDelete() {
    if (deleting) void deleteModule({ moduleId: deleting._id })
    setDeleting(null)
  }

  return (
    <section className="page">
      <p>
        <Link to="/courses">← Back to courses</Link>
      </p>
      <h1>Modules for Course: {course.data?.name ?? ''}</h1>
      {!user && (
        <p className="notice">
          <Link to="/login">Log in</Link> to watch this course&apos;s modules.
        </p>
      )}
      <div className="section-head">
        <h2>Modules</h2>
        {canManage && form.mode === 'closed' && (
          <button type="button" className="btn btn--primary" onClick={() => setForm({ mode: 'add' })}>
            Add Module
          </button>
        )}
      </div>
      {form.mode !== 'closed' && (
        <ModuleForm
          key={form.mode === 'edit' ? form.module._id : 'add'}
          courseId={courseId}
          editing={form.mode === 'edit' ? form.module : null}
          onSubmit={save}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}
      <div className="stack">
        {(modules.data ?? []).map((m) => (
          <ModuleCard
            key={m._id}
            module={m}
            canManage={canManage}
            onEdit={(module) => setForm({ mode: 'edit', module })}
            onDelete={setDeleting}
          />
        ))}
        {user && modules.data?.length === 0 && <p className="muted">No modules yet.</p>}
      </div>
      {deleting && (
        <ConfirmDialog
          message={DELETE_MODULE_TEXT}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  )
}
