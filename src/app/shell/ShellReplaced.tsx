import { useEffect, type ReactNode } from 'react'
import { SHELL_REPLACED } from '@/app/shell/shellBoot'

/**
 * Around the whole app: says, once, that the app has replaced the prerendered shell and run its first effects (a
 * component's effects run after its children's), so the shell's loader may now give the app what the visitor typed
 * in the shell (src/app/shell/shellBoot.ts).
 */
export function ShellReplaced({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.dispatchEvent(new Event(SHELL_REPLACED))
  }, [])
  return children
}
