import { Link, useParams } from 'react-router-dom'
import { problemStatus } from '@/api/problemText'
import { LoadError } from '@/components/LoadError'
import { Spinner } from '@/components/Spinner'
import { useGetCertificateQuery } from '@/features/certificates/certificatesEndpoints'
import './certificates.css'

export const CERTIFICATE_MISSING_TEXT =
  'This certificate does not exist: its link may be wrong, it was revoked, or its holder keeps it private.'

const issuedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

/**
 * /certificates/:certificateId: a certificate of completion, for anyone holding its link (a private one for its
 * holder only; a revoked one for no one). It prints on one page, without the navigation (certificates.css).
 */
export default function CertificatePage() {
  const { certificateId = '' } = useParams()
  const { data, error, isLoading, refetch } = useGetCertificateQuery({ certificateId })
  if (isLoading) return <Spinner />
  if (!data) {
    // 404 (unknown, revoked, or private to this reader) and 400 (no id at all) say the same
    const missing = [400, 404].includes(problemStatus(error) ?? 0)
    return (
      <section className="page page--narrow">
        {missing ? (
          <>
            <h1>Certificate not found</h1>
            <p>{CERTIFICATE_MISSING_TEXT}</p>
          </>
        ) : (
          <LoadError message="The certificate could not be loaded." onRetry={() => void refetch()} />
        )}
      </section>
    )
  }
  const address = `${window.location.origin}/certificates/${data._id}`
  return (
    <section className="page certificate-page">
      <article className="certificate" aria-labelledby="certificate-title">
        <p className="certificate__product">Chess Online Education</p>
        <h1 id="certificate-title">Certificate of completion</h1>
        <p>This certifies that</p>
        <p className="certificate__learner">{data.learner}</p>
        <p>has completed every module of the course</p>
        <p className="certificate__course">
          {data.courseId ? (
            <Link to={`/courses/${data.courseId}/modules`}>{data.courseTitle}</Link>
          ) : (
            data.courseTitle
          )}
        </p>
        <dl className="certificate__facts">
          {data.instructor && (
            <div>
              <dt>Instructor</dt>
              <dd>{data.instructor}</dd>
            </div>
          )}
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={data.issuedAt}>{issuedOn(data.issuedAt)}</time>
            </dd>
          </div>
        </dl>
        <p className="certificate__verify">Verify it at {address}</p>
      </article>
      <div className="certificate-page__actions no-print">
        {data.private && (
          <p className="muted">
            Only you can see this certificate: you keep your certificates private (on your profile).
          </p>
        )}
        <button type="button" className="btn" onClick={() => window.print()}>
          Print
        </button>
      </div>
    </section>
  )
}
