// Videos on another site (YouTube, Vimeo): whether that site can be reached before its player is drawn.
//
// react-player's YouTube element loads YouTube's iframe API itself and never handles its failure: where
// www.youtube.com cannot be reached (offline, blocked by a network's filter or an extension), every load of the
// element rejects with the script's error Event, uncaught. So the page loads that API first, handles a failure
// by showing why and a link, and draws the player only once the API is there (the element then reuses it).
// Vimeo's player is drawn in an iframe from player.vimeo.com, whose failure a page cannot see: loading that
// host's small player script tells whether it is reachable.

export type ExternalSite = { name: 'YouTube' | 'Vimeo'; probe: string; ready?: 'onYouTubeIframeAPIReady' }

const YOUTUBE: ExternalSite = {
  name: 'YouTube',
  probe: 'https://www.youtube.com/iframe_api',
  ready: 'onYouTubeIframeAPIReady',
}
const VIMEO: ExternalSite = { name: 'Vimeo', probe: 'https://player.vimeo.com/api/player.js' }

/** The site a video URL plays from, when it is one whose player comes from elsewhere. */
export function externalSiteOf(src: string): ExternalSite | null {
  let host: string
  try {
    host = new URL(src, globalThis.location.origin).hostname.toLowerCase()
  } catch {
    return null
  }
  const on = (domain: string) => host === domain || host.endsWith(`.${domain}`)
  if (on('youtube.com') || on('youtu.be') || on('youtube-nocookie.com')) return YOUTUBE
  if (on('vimeo.com')) return VIMEO
  return null
}

/** How long a site may take to answer before its video counts as not loadable. */
export const PROBE_TIMEOUT_MS = 20_000

type Ready = Window & { YT?: { Player?: unknown }; onYouTubeIframeAPIReady?: () => void }

function probe(site: ExternalSite): Promise<boolean> {
  const w = window as Ready
  if (site.ready && w.YT?.Player) return Promise.resolve(true)
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)
    const done = (ok: boolean) => {
      clearTimeout(timer)
      resolve(ok)
    }
    const script = document.createElement('script')
    script.src = site.probe
    script.async = true
    if (site.ready) {
      // YouTube's API is usable once it calls this (after loading a second script of its own).
      const before = w.onYouTubeIframeAPIReady
      w.onYouTubeIframeAPIReady = () => {
        before?.()
        done(true)
      }
    } else script.onload = () => done(true)
    script.onerror = () => {
      script.remove()
      done(false)
    }
    document.head.append(script)
  })
}

// One answer per site and page: the second video on a page waits for the same answer. A failure is kept until
// the page is loaded again (the link to the site is the way out meanwhile).
const answers = new Map<string, Promise<boolean>>()

/** Resolves to whether the site's player can load; never rejects. */
export function siteReachable(site: ExternalSite): Promise<boolean> {
  let answer = answers.get(site.probe)
  if (!answer) {
    answer = probe(site)
    answers.set(site.probe, answer)
  }
  return answer
}
