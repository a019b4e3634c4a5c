/** Whether V8 `version` (process.versions.v8's form) frees dying import wrappers twice. */
export function freesDyingWrappersTwice(version?: string): boolean

/**
 * Sets, once per process and before PGlite starts, the V8 settings that keep clear of the two bugs v8Workarounds.mjs
 * describes, where the running V8 has them. Answers what it set.
 */
export function applyV8Workarounds(): string[]
