import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  /** Called before the board is tried again (e.g. to reload a failed chunk). */
  onRetry?: () => void
}

interface State {
  failed: boolean
}

/** Keeps a broken board from blanking the page: 'Something went wrong' in its place. */
export class BoardErrorBoundary extends Component<Props, State> {
  state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  retry = () => {
    this.props.onRetry?.()
    this.setState({ failed: false })
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Practice board failed', error, info.componentStack)
  }

  render() {
    if (this.state.failed) {
      return (
        <div className="board-error" role="alert">
          <p>Something went wrong</p>
          <button type="button" className="btn" onClick={this.retry}>
            Try again
          </button>
        </div>
      )
    }
    return this.props.children
  }
}
