/** The router's error page: the spec's text, the status when there is one, and a way home. */
export function ErrorPage({ status }: { status?: string }) {
  return (
    <section className="page route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      {status && <p>{status}</p>}
      <a href="/home">Go to the home page</a>
    </section>
  )
}

/** What an address naming nothing shows, also when only the page finds that out (a lesson the course lacks). */
export const NotFoundPage = () => <ErrorPage status="404 Not Found" />
