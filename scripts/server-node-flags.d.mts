/** The `--` flags before `scripts/start.mjs` in package.json's start script. */
export function serverNodeFlags(): string[]
