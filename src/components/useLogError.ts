import { useEffect } from 'react'

/** Spec §8: fetch failures outside the error catalogue are logged to the console, with no message. */
export function useLogError(what: string, error: unknown) {
  useEffect(() => {
    if (error) console.error(what, error)
  }, [what, error])
}
