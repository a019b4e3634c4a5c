import { useRef } from 'react'
import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useFrameTitle } from '@/features/modules/useFrameTitle'

/** Like react-player's YouTube and Vimeo elements: the iframe lives in an open shadow root, drawn late. */
class ShadowPlayer extends HTMLElement {
  connectedCallback() {
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
    setTimeout(() => {
      shadow.innerHTML = '<iframe src="about:blank"></iframe>'
    }, 10)
  }
}
customElements.define('shadow-player', ShadowPlayer)

function Host({ title }: { title: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useFrameTitle(ref, title)
  return (
    <div ref={ref}>
      <iframe src="about:blank" />
      <shadow-player />
    </div>
  )
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'shadow-player': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>
    }
  }
}

const frames = (container: HTMLElement) => [
  ...container.querySelectorAll('iframe'),
  ...(container.querySelector('shadow-player')?.shadowRoot?.querySelectorAll('iframe') ?? []),
]

describe('embedded video players carry the module title', () => {
  it('names every iframe, the one a player draws later in its shadow root too, and follows a new title', async () => {
    const { container, rerender } = render(<Host title="The Italian Game" />)
    await waitFor(() => expect(frames(container)).toHaveLength(2))
    await waitFor(() =>
      expect(frames(container).map((f) => f.title)).toEqual(['The Italian Game', 'The Italian Game']),
    )
    rerender(<Host title="Rook endings" />)
    await waitFor(() =>
      expect(frames(container).map((f) => f.title)).toEqual(['Rook endings', 'Rook endings']),
    )
  })
})
