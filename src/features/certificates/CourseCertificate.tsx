import { Link } from 'react-router-dom'
import { useGetMyCertificatesQuery } from '@/features/certificates/certificatesEndpoints'
import { useCourseProgress } from '@/features/progress/useCourseProgress'

/**
 * A course page's 'View certificate', for a learner who holds the course's certificate: asked for once their progress
 * says every module is complete (the completion that finishes the course asks again: progressEndpoints.ts).
 */
export function CourseCertificate({ courseId }: { courseId: string }) {
  const progress = useCourseProgress(courseId)
  const finished = !!progress && progress.totalModules > 0 && progress.nextModuleId === null
  const { certificate } = useGetMyCertificatesQuery(undefined, {
    skip: !finished,
    selectFromResult: ({ data }) => ({ certificate: data?.items.find((c) => c.courseId === courseId) }),
  })
  return certificate ? (
    <p className="row">
      <Link className="btn btn--primary" to={`/certificates/${certificate._id}`}>
        View certificate
      </Link>
    </p>
  ) : null
}
