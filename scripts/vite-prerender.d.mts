import type { Plugin } from 'vite'

/**
 * index.html with the shell in #root, the page's title, and the page chunk's CSS and scripts linked; stylesheets whose
 * text `styleText` knows go into the page instead of a link. With `shell.boot`, the entry script and the page's modules
 * are started by that loader at the end of the body instead of linked from the head.
 */
export function shellHtml(
  index: string,
  shell: { html: string; title: string; boot?: string },
  assets: { css: string[]; js: string[] },
  base?: string,
  styleText?: (file: string) => string | undefined,
): string

/** The build step writing dist/home.html and dist/courses.html (see vite-prerender.mjs). */
export function prerenderShells(): Plugin
