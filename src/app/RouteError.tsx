import { Component, type ReactNode } from 'react'
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom'
import { isChunkLoadError } from '@/app/lazyPage'
import { ErrorPage } from '@/components/ErrorPage'

/** What an unknown address shows: the same answer a data router gives when no route matches. */
export const NOT_FOUND = { status: 404, statusText: 'Not Found', internal: true, data: '' } as const

/** The error page; a page whose script failed to load offers a retry. */
export function ErrorView({ error }: { error: unknown }) {
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
    <ErrorPage status={isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined} />
  )
}

/** The error page as a data router's errorElement. */
export function RouteError() {
  return <ErrorView error={useRouteError()} />
}

interface BoundaryProps {
  children: ReactNode
  locationKey: string
}
interface BoundaryState {
  error: unknown
  failed: boolean
  locationKey: string
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, locationKey: this.props.locationKey }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true }
  }

  /** Like a data router, a navigation clears the error. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.locationKey === state.locationKey) return null
    return { error: null, failed: false, locationKey: props.locationKey }
  }

  override render() {
    return this.state.failed ? <ErrorView error={this.state.error} /> : this.props.children
  }
}

/** Shows the error page in place of `children` when they throw while rendering (a failed page chunk too). */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const location = useLocation()
  return <ErrorBoundary locationKey={location.key}>{children}</ErrorBoundary>
}
