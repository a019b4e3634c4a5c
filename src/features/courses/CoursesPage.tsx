import { useState } from 'react'
import type { Course } from '@/api/generated/api'
import {
  useDeleteCourseMutation,
  useGetCartQuery,
  useGetCoursesQuery,
  useGetEnrolledCoursesQuery,
} from '@/api/enhancedApi'
import { useAppSelector } from '@/app/hooks'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { Spinner } from '@/components/Spinner'
import { useLogError } from '@/components/useLogError'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { LoginRequiredModal } from '@/features/auth/LoginRequiredModal'
import { CourseCard } from '@/features/courses/CourseCard'
import { CourseForm } from '@/features/courses/CourseForm'
import { canCreateCourse } from '@/features/courses/coursePermissions'

export default function CoursesPage() {
  const user = useAppSelector(selectCurrentUser)
  const isStudent = user?.role === 'student'
  const { data: courses = [], isLoading, error } = useGetCoursesQuery()
  useLogError('Loading the courses failed', error)
  const { data: enrolled = [] } = useGetEnrolledCoursesQuery(
    { userId: user?._id ?? '' },
    { skip: !isStudent },
  )
  const { data: cart } = useGetCartQuery(undefined, { skip: !isStudent })
  const [deleteCourse] = useDeleteCourseMutation()
  const [editing, setEditing] = useState<Course | null>(null)
  const [deleting, setDeleting] = useState<Course | null>(null)

  const enrolledIds = new Set(enrolled.map((c) => c._id))
  const cartIds = new Set((cart?.items ?? []).map((c) => c._id))

  function confirmDelete() {
    if (!deleting) return
    const courseId = deleting._id
    setDeleting(null)
    if (editing?._id === courseId) setEditing(null)
    deleteCourse({ courseId })
      .unwrap()
      .catch((error: unknown) => console.error('Deleting the course failed', error))
  }

  return (
    <section className="page">
      <h1>Courses</h1>
      {!user && <LoginRequiredModal />}
      {canCreateCourse(user) && <CourseForm editing={editing} onDone={() => setEditing(null)} />}
      {isLoading ? (
        <Spinner />
      ) : courses.length === 0 ? (
        <p className="muted">No courses yet.</p>
      ) : (
        <div className="grid">
          {courses.map((course) => (
            <CourseCard
              key={course._id}
              course={course}
              user={user}
              enrolled={enrolledIds.has(course._id)}
              inCart={cartIds.has(course._id)}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          message={`Are you sure you want to delete the course "${deleting.title}"?`}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  )
}
