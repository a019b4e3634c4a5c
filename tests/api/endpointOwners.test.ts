// Each endpoint's cache rules live in one feature's endpoints file (src/features/<feature>/*Endpoints.ts). Two files
// enhancing the same endpoint would make its tags depend on which page loaded last; an endpoint that no file owns
// would keep codegen's coarse tags.
import { describe, expect, it } from 'vitest'
import { generatedApi } from '@/api/generated/api'

const sources = import.meta.glob<string>('/src/features/*/*Endpoints.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** The endpoints a file enhances or injects: the keys of its `endpoints` objects, as Prettier indents them. */
const endpointsOf = (source: string) => [...source.matchAll(/^ {4}(\w+): (?:\{|build\.)/gm)].map((m) => m[1])

/** Operations no screen calls (an operator's health check): they keep codegen's tags. */
const UNOWNED = ['getHealth']

describe('endpoint owners', () => {
  it('gives every endpoint of the contract exactly one endpoints file, and injects no endpoint twice', () => {
    const owners = new Map<string, string[]>()
    for (const [file, source] of Object.entries(sources))
      for (const name of endpointsOf(source)) owners.set(name, [...(owners.get(name) ?? []), file])
    expect(Object.keys(sources).length).toBeGreaterThan(5)
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([])
    const generated = Object.keys(generatedApi.endpoints).filter((name) => !UNOWNED.includes(name))
    expect(generated.filter((name) => !owners.has(name))).toEqual([])
  })
})
