import { ErrorMessage } from '@/components/ErrorMessage'
import { Spinner } from '@/components/Spinner'
import { formatMoney } from '@domain/rules'
import { useGetEarningsQuery } from '@/features/orders/ordersEndpoints'

/**
 * 'Earnings': per course, its paid enrollments and revenue net of refunds, and the total. An instructor's own on
 * their profile; every instructor's on /admin (`everyone`).
 */
export default function Earnings({ everyone = false }: { everyone?: boolean }) {
  const { data, isLoading, isError } = useGetEarningsQuery()
  return (
    <section className="card" aria-labelledby="earnings-heading">
      <h2 id="earnings-heading">Earnings</h2>
      {isLoading && <Spinner />}
      {isError && <ErrorMessage>The earnings could not be loaded.</ErrorMessage>}
      {data && data.length === 0 && <p className="muted">No courses yet.</p>}
      {data?.map((entry) => (
        <div key={entry.instructor._id} className="table-wrap">
          <table className="table">
            {everyone && <caption>{entry.instructor.username}</caption>}
            <thead>
              <tr>
                <th scope="col">Course</th>
                <th scope="col">Paid enrollments</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {entry.courses.map((course) => (
                <tr key={course.courseId}>
                  <td>{course.title}</td>
                  <td>{course.paidEnrollments}</td>
                  <td>{formatMoney(course.revenue)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{entry.paidEnrollments}</td>
                <td>{formatMoney(entry.revenue)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ))}
    </section>
  )
}
