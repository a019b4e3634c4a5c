import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { useGetMyCertificatesQuery } from '@/features/certificates/certificatesEndpoints'
import { useCourseProgress } from '@/features/progress/useCourseProgress'

/**
 * A course page's 'View certificate', for a learner who holds the course's certificate: asked for once their progress
 * says every module is complete.
 */
export function CourseCertificate({ courseId }: { courseId: string }) {
  const progress = useCourseProgress(courseId)
  const finished = !!progress && progress.totalModules > 0 && progress.nextModuleId === null
  const { certificate, loaded, refetch } = useGetMyCertificatesQuery(undefined, {
    skip: !finished,
    selectFromResult: ({ data }) => ({
      certificate: data?.items.find((c) => c.courseId === courseId),
      loaded: data !== undefined,
    }),
  })
  // 'Mark as complete' shows the course finished before the server has kept it, and issued the certificate: the list
  // asked for meanwhile may come without it. Asked again when the completion's answer lands (it moves the course's last
  // activity) or when that list comes, whichever is last, so once the completion is kept.
  const activity = progress?.lastActivityAt
  useEffect(() => {
    if (finished && loaded && !certificate) void refetch()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on those two events only, not on each answer
  }, [activity, loaded])
  return certificate ? (
    <p className="row">
      <Link className="btn btn--primary" to={`/certificates/${certificate._id}`}>
        View certificate
      </Link>
    </p>
  ) : null
}
