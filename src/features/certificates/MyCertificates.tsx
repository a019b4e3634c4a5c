import { Link } from 'react-router-dom'
import { ActionError } from '@/components/ActionError'
import { LoadError } from '@/components/LoadError'
import { Spinner } from '@/components/Spinner'
import {
  useGetMyCertificatesQuery,
  useSetCertificatePrivacyMutation,
} from '@/features/certificates/certificatesEndpoints'

export const PRIVATE_LABEL = 'Keep my certificates private'

/**
 * The profile's certificates: each course finished with 'View certificate' (its public page), and 'Keep my
 * certificates private' (then their pages answer to their holder only).
 */
export default function MyCertificates() {
  const { data, isLoading, isError, refetch } = useGetMyCertificatesQuery()
  const [setPrivacy, saving] = useSetCertificatePrivacyMutation()
  return (
    <section className="card" aria-labelledby="my-certificates-heading">
      <h2 id="my-certificates-heading">My certificates</h2>
      {isLoading && <Spinner />}
      {isError && (
        <LoadError message="Your certificates could not be loaded." onRetry={() => void refetch()} />
      )}
      {data && data.items.length === 0 && (
        <p className="muted">No certificates yet: finish every module of a course to earn its certificate.</p>
      )}
      {data && data.items.length > 0 && (
        // the cart's list of courses, each with its action
        <ul className="cart-list">
          {data.items.map((c) => (
            <li key={c._id} className="cart-item">
              <span className="cart-item__title">{c.courseTitle}</span>
              <Link className="btn" to={`/certificates/${c._id}`}>
                View certificate
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <label className="row">
          <input
            type="checkbox"
            checked={data.private}
            disabled={saving.isLoading}
            onChange={(e) => void setPrivacy({ certificatePrivacy: { private: e.target.checked } })}
          />
          <span>{PRIVATE_LABEL}</span>
        </label>
      )}
      <ActionError error={saving.error} failed="Your setting could not be saved" />
    </section>
  )
}
