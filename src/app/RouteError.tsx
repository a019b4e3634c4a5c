import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { isChunkLoadError } from '@/app/lazyPage'

/** The router's error page; a page whose script failed to load offers a retry. */
export function RouteError() {
  const error = useRouteError()
  if (isChunkLoadError(error)) {
    return (
      <section className="page route-error" role="alert">
        <h1>This page could not be loaded.</h1>
        <p>Check your connection and try again.</p>
        <button type="button" className="btn btn--primary" onClick={() => globalThis.location.reload()}>
          Retry
        </button>
      </section>
    )
  }
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <section className="page route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      {isRouteErrorResponse(error) && (
        <p>
          {error.status} {error.statusText}
        </p>
      )}
      <a href="/home">Go to the home page</a>
    </section>
  )
}
