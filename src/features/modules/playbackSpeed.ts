// The video's playback speed, remembered in this browser for each user (a visitor has one of their own), so every
// module's video plays at the speed last chosen.
import { useCallback, useSyncExternalStore } from 'react'
import { useAppSelector } from '@/app/hooks'
import { selectCurrentUser } from '@/features/auth/authSlice'

export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const
export type Speed = (typeof SPEEDS)[number]

/** The localStorage key of a user's speed ('visitor' without a session). */
export const speedKey = (userId: string | undefined) => `videoSpeed:${userId ?? 'visitor'}`

/** '0.75×', '1×', '1.25×'… */
export const speedText = (speed: number) => `${speed}×`

const listeners = new Set<() => void>()
/** Choices the storage refused to keep (a private window's quota, a policy), for this page's life. */
const chosen = new Map<string, Speed>()
function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

function read(key: string): Speed {
  const here = chosen.get(key)
  if (here !== undefined) return here
  let stored: string | null = null
  try {
    stored = localStorage.getItem(key)
  } catch {
    // storage refused (a private window's quota, a policy): the normal speed
  }
  const speed = Number(stored)
  return (SPEEDS as readonly number[]).includes(speed) ? (speed as Speed) : 1
}

/** The speed this user chose last, and a setter that remembers it (and tells every player on the page). */
export function usePlaybackSpeed(): [Speed, (speed: Speed) => void] {
  const key = speedKey(useAppSelector(selectCurrentUser)?._id)
  const speed = useSyncExternalStore<Speed>(
    subscribe,
    () => read(key),
    () => 1,
  )
  const set = useCallback(
    (next: Speed) => {
      chosen.delete(key)
      try {
        localStorage.setItem(key, String(next))
      } catch {
        chosen.set(key, next)
      }
      for (const listener of listeners) listener()
    },
    [key],
  )
  return [speed, set]
}
