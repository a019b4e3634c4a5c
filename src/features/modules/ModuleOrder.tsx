import { useState, type ReactNode } from 'react'
import type { Module } from '@/api/generated/api'
import { useReorderModulesMutation } from '@/features/modules/moduleEndpoints'
import { ActionError } from '@/components/ActionError'

/** The new order of `ids` with `id` moved to index `to`; undefined when nothing would move. */
export function movedTo(ids: string[], id: string, to: number): string[] | undefined {
  const from = ids.indexOf(id)
  if (from < 0 || to < 0 || to >= ids.length || from === to) return undefined
  const next = [...ids]
  next.splice(from, 1)
  next.splice(to, 0, id)
  return next
}

const moveButton = (id: string, step: 'up' | 'down') => `move-${step}-${id}`

/**
 * Puts the course's modules in a new order, saved whole in one request (optimistic, undone when refused: see
 * moduleEndpoints.ts). Nothing moves while a module being added has no server id yet.
 */
export function useModuleOrder(courseId: string, modules: Module[]) {
  const [reorderModules, reorder] = useReorderModulesMutation()
  // The module last moved: a failed move is said under its buttons.
  const [moved, setMoved] = useState<string | null>(null)
  const ids = modules.map((m) => m._id)
  const settled = !ids.some((id) => id.startsWith('pending-'))
  function move(id: string, to: number, focus?: 'up' | 'down') {
    const moduleIds = settled ? movedTo(ids, id, to) : undefined
    if (!moduleIds) return
    setMoved(id)
    void reorderModules({ courseId, moduleOrder: { moduleIds } })
    // The moved card's node is moved in the page, which takes the focus from its button: give it back.
    if (focus)
      requestAnimationFrame(() => {
        const at = moduleIds.indexOf(id)
        const step = at === 0 ? 'down' : at === moduleIds.length - 1 ? 'up' : focus
        document.getElementById(moveButton(id, step))?.focus()
      })
  }
  return { move, settled, moved, error: reorder.error }
}

type SlotProps = {
  module: Module
  index: number
  count: number
  order: ReturnType<typeof useModuleOrder>
  children: ReactNode
}

/**
 * A module card with the controls that move it: drag it onto another card, or 'Move up' and 'Move down'; a move
 * that failed says why under them.
 */
export function ModuleSlot({ module, index, count, order, children }: SlotProps) {
  const [over, setOver] = useState(false)
  return (
    <div
      className={over ? 'module-slot module-slot--over' : 'module-slot'}
      draggable={order.settled}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', module._id)
        e.dataTransfer.effectAllowed = 'move'
      }}
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault()
        setOver(false)
        const dragged = e.dataTransfer.getData('text/plain')
        if (dragged) order.move(dragged, index)
      }}
    >
      {children}
      <div className="row module-slot__moves">
        <button
          id={moveButton(module._id, 'up')}
          type="button"
          className="btn"
          disabled={index === 0 || !order.settled}
          aria-label={`Move ${module.title} up`}
          onClick={() => order.move(module._id, index - 1, 'up')}
        >
          Move up
        </button>
        <button
          id={moveButton(module._id, 'down')}
          type="button"
          className="btn"
          disabled={index === count - 1 || !order.settled}
          aria-label={`Move ${module.title} down`}
          onClick={() => order.move(module._id, index + 1, 'down')}
        >
          Move down
        </button>
        {order.moved === module._id && (
          <ActionError error={order.error} failed={`${module.title} could not be moved`} />
        )}
      </div>
    </div>
  )
}
