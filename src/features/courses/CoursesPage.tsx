import { lazy, Suspense, useState } from 'react'
import type { Course } from '@/api/generated/api'
import {
  catalogueArg,
  useDeleteCourseMutation,
  useGetCoursePagesInfiniteQuery,
  useGetEnrolledCoursesQuery,
} from '@/features/courses/courseEndpoints'
import { useGetCartQuery } from '@/features/cart/cartEndpoints'
import { useAppSelector } from '@/app/hooks'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { LoadError } from '@/components/LoadError'
import { Spinner } from '@/components/Spinner'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { LoginRequiredModal } from '@/features/auth/LoginRequiredModal'
import { CatalogueControls } from '@/features/courses/CatalogueControls'
import { CourseCard } from '@/features/courses/CourseCard'
import { LoadMore } from '@/components/LoadMore'
import { useCatalogueParams } from '@/features/courses/useCatalogueParams'
import { canBuyCourses, canCreateCourse } from '@domain/rules'

// Instructors' and admins' tools (the course form, the drafts): their own chunks, so a visitor's and a student's
// /courses load none of them.
const CourseForm = lazy(() =>
  import('@/features/courses/CourseForm').then((m) => ({ default: m.CourseForm })),
)
const DraftCourses = lazy(() => import('@/features/courses/DraftCourses'))
// 'Enroll Now' on the cards takes money: a student is told when payments are simulated (loaded for students only).
const PaymentNotice = lazy(() =>
  import('@/features/orders/PaymentNotice').then((m) => ({ default: m.PaymentNotice })),
)

export default function CoursesPage() {
  const user = useAppSelector(selectCurrentUser)
  const isStudent = canBuyCourses(user)
  const { q, sort, change } = useCatalogueParams()
  // The catalogue a page at a time (a long catalogue stays quick to open); currentData is this search's, never the one before it.
  const catalogue = useGetCoursePagesInfiniteQuery(catalogueArg(q, sort))
  const { currentData, isError, refetch } = catalogue
  const isLoading = catalogue.isFetching && !currentData
  const courses = currentData?.pages.flatMap((page) => page.items) ?? []
  const enrolledQuery = useGetEnrolledCoursesQuery({ userId: user?._id ?? '' }, { skip: !isStudent })
  const cartQuery = useGetCartQuery(undefined, { skip: !isStudent })
  const cart = cartQuery.data
  // Without them every card would guess (a wrong 'Enroll Now' for a course already bought): say so instead.
  const ownFailed =
    isStudent && ((enrolledQuery.isError && !enrolledQuery.data) || (cartQuery.isError && !cart))
  const [deleteCourse, deletion] = useDeleteCourseMutation()
  const [editing, setEditing] = useState<Course | null>(null)
  const [deleting, setDeleting] = useState<Course | null>(null)

  // Undefined while a student's own lists are on their way: the cards keep their controls' place until then.
  const enrolledIds = enrolledQuery.data && new Set(enrolledQuery.data.map((c) => c._id))
  const cartIds = cart && new Set(cart.items.map((c) => c._id))

  function retryOwn() {
    if (enrolledQuery.isError) void enrolledQuery.refetch()
    if (cartQuery.isError) void cartQuery.refetch()
  }

  function confirmDelete() {
    if (!deleting) return
    const courseId = deleting._id
    setDeleting(null)
    if (editing?._id === courseId) setEditing(null)
    void deleteCourse({ courseId })
  }

  return (
    <section className="page">
      <h1>Courses</h1>
      {!user && <LoginRequiredModal />}
      {canCreateCourse(user) && (
        <>
          <Suspense fallback={null}>
            <CourseForm editing={editing} onDone={() => setEditing(null)} />
          </Suspense>
          <Suspense fallback={null}>
            <DraftCourses />
          </Suspense>
        </>
      )}
      <CatalogueControls q={q} sort={sort} onChange={change} />
      {isStudent && (
        <Suspense fallback={null}>
          <PaymentNotice />
        </Suspense>
      )}
      {isLoading ? (
        <Spinner />
      ) : isError && !currentData ? (
        <LoadError message="The courses could not be loaded." onRetry={() => void refetch()} />
      ) : ownFailed ? (
        <LoadError
          message={`Your ${enrolledQuery.isError ? 'enrollments' : 'cart'} could not be loaded.`}
          onRetry={retryOwn}
        />
      ) : courses.length === 0 ? (
        <p className="muted">{q ? `No courses match "${q}".` : 'No courses yet.'}</p>
      ) : (
        <div className="grid">
          {courses.map((course) => (
            <CourseCard
              key={course._id}
              course={course}
              user={user}
              enrolled={isStudent ? enrolledIds?.has(course._id) : false}
              inCart={isStudent ? cartIds?.has(course._id) : false}
              onEdit={setEditing}
              onDelete={setDeleting}
              deleteError={deletion.originalArgs?.courseId === course._id ? deletion.error : undefined}
            />
          ))}
        </div>
      )}
      <LoadMore what="courses" list={catalogue} />
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
