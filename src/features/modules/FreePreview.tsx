import { readableProblem } from '@/api/problemText'
import { Spinner } from '@/components/Spinner'
import { LoadError } from '@/components/LoadError'
import { ModuleCard } from '@/features/modules/ModuleCard'
import { useGetPreviewModuleQuery } from '@/features/modules/moduleEndpoints'

const ignore = () => undefined

/**
 * A free preview opened from the course's curriculum, for a visitor or a student who has not bought the course: the
 * module's card with its video and line, watched and played but not recorded (no progress, practice or puzzles).
 */
export function FreePreview({ moduleId }: { moduleId: string }) {
  const { data, error, isLoading, refetch } = useGetPreviewModuleQuery({ moduleId })
  if (isLoading) return <Spinner label="Loading the preview..." />
  if (!data) return <LoadError message={readableProblem(error).text} onRetry={() => void refetch()} />
  return (
    <ModuleCard
      module={data.module}
      preview={{ video: data.video }}
      canManage={false}
      onEdit={ignore}
      onDelete={ignore}
    />
  )
}
