/**
 * The pages that arrive with their first paint in their HTML: each address, the file the build writes for
 * it (scripts/vite-prerender.mjs, from src/app/shell/Shell.tsx) and the page module it shows. The server answers them
 * (server/web/webPlugin.ts), and the SPA loads their page before replacing the shell (src/main.tsx).
 */
export const SHELL_PAGES = [
  { path: '/home', file: 'home.html', module: 'src/features/home/HomePage.tsx' },
  { path: '/courses', file: 'courses.html', module: 'src/features/courses/CoursesPage.tsx' },
] as const

export type ShellPath = (typeof SHELL_PAGES)[number]['path']

/** The prerendered page an address shows, if any: `/` is /home's (the SPA sends it on to /home). */
export function shellPageOf(address: string): (typeof SHELL_PAGES)[number] | undefined {
  const path = address === '/' ? '/home' : address
  return SHELL_PAGES.find((page) => page.path === path)
}
