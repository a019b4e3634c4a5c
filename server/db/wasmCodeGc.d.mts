/** Whether V8 `version` (process.versions.v8's form) frees dying import wrappers twice. */
export function freesDyingWrappersTwice(version?: string): boolean

/**
 * Turns V8's collector of WebAssembly code off where it frees import wrappers twice (V8 13); once per process, before
 * PGlite starts. Answers whether it is off.
 */
export function avoidWrapperDoubleFree(): boolean
