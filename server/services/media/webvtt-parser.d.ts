// webvtt-parser (the W3C's WebVTT parser and validator) ships no types: what server/services/media/captions.ts uses. A
// CommonJS module whose exports Node cannot name from ESM (it sets them in a function): only its default import.
declare module 'webvtt-parser' {
  const webvtt: {
    WebVTTParser: new () => {
      parse(
        input: string,
        mode?: 'metadata' | 'chapters',
      ): { cues: unknown[]; errors: { message: string; line: number; col?: number }[] }
    }
  }
  export default webvtt
}
