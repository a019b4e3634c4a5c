import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { ProgressSummary } from '@/features/progress/CourseProgress'

describe('ProgressSummary', () => {
  it("reads '{k} of {n} modules completed' and names a progressbar at the percent with it", () => {
    render(<ProgressSummary progress={{ completedModules: 2, totalModules: 3, percent: 66 }} />)
    const bar = screen.getByRole('progressbar', { name: '2 of 3 modules completed' })
    expect(bar).toHaveAttribute('aria-valuenow', '66')
    expect(bar).toHaveAttribute('aria-valuemin', '0')
    expect(bar).toHaveAttribute('aria-valuemax', '100')
    expect(bar.firstElementChild).toHaveStyle({ width: '66%' })
  })

  it('shows an empty bar for a course without modules', () => {
    render(<ProgressSummary progress={{ completedModules: 0, totalModules: 0, percent: 0 }} />)
    expect(screen.getByText('0 of 0 modules completed')).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0')
  })
})
