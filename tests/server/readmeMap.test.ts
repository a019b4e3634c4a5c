// The README is a map a newcomer reads first: it stays short, its folder map names every top-level folder and every
// folder directly under server/ and src/ (and only folders that exist), and its links into docs/ lead somewhere.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')
const MAX_LINES = 150

/** The files of the repository, tracked or new (not ignored), that are still on disk. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  return listed.split('\0').filter((file) => file && existsSync(join(ROOT, file)))
}

/** The folders the map must name: top-level ones (not dot-folders), and those directly under server/ and src/. */
function foldersToMap(files: string[]): string[] {
  const folders = new Set<string>()
  for (const file of files) {
    const parts = file.split('/')
    if (parts.length < 2 || parts[0].startsWith('.')) continue
    folders.add(`${parts[0]}/`)
    if ((parts[0] === 'server' || parts[0] === 'src') && parts.length >= 3)
      folders.add(`${parts[0]}/${parts[1]}/`)
  }
  return [...folders].sort()
}

/** The section under `## Folder map`, up to the next heading of its level. */
function mapSection(readme: string): string {
  const start = readme.indexOf('\n## Folder map\n')
  if (start < 0) return ''
  const end = readme.indexOf('\n## ', start + 1)
  return readme.slice(start, end < 0 ? undefined : end)
}

/** The folder each line of the map is about: the path in backticks that opens a list item (`- \`src/app/\`: …`). */
function mappedFolders(readme: string): string[] {
  return [...mapSection(readme).matchAll(/^ *- `([^`\s]+\/)`/gm)].map((m) => m[1])
}

/** The relative links of a Markdown text (not web addresses, not anchors within the same page), without anchors. */
const relativeLinks = (text: string) =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1].split('#')[0])
    .filter((target) => target && !/^[a-z]+:/i.test(target))

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return markdownFiles(path)
    return name.endsWith('.md') ? [path] : []
  })
}

describe('the README as a map', () => {
  it(`is at most ${MAX_LINES} lines`, () => {
    const lines = README.endsWith('\n') ? README.split('\n').length - 1 : README.split('\n').length
    expect(lines).toBeLessThanOrEqual(MAX_LINES)
  })

  it('names every top-level folder and every folder directly under server/ and src/ in its folder map', () => {
    const mapped = new Set(mappedFolders(README))
    const expected = foldersToMap(repositoryFiles())
    expect(expected).toEqual(expect.arrayContaining(['server/', 'src/', 'server/routes/', 'src/features/']))
    const missing = expected.filter((folder) => !mapped.has(folder))
    expect(missing, 'folders missing from the folder map of README.md: add one line for each').toEqual([])
  })

  it('names only folders that exist', () => {
    const mapped = mappedFolders(README)
    expect(mapped.length).toBeGreaterThan(10)
    const gone = mapped.filter((folder) => {
      const path = join(ROOT, folder)
      return !existsSync(path) || !statSync(path).isDirectory()
    })
    expect(gone, 'folders in the folder map of README.md that do not exist').toEqual([])
  })

  it('links only to files that exist, in the README and in docs/', () => {
    const documents = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))]
    const broken = documents.flatMap((document) =>
      relativeLinks(readFileSync(document, 'utf8'))
        .filter((target) => !existsSync(join(dirname(document), target)))
        .map((target) => `${relative(ROOT, document)} -> ${target}`),
    )
    expect(relativeLinks(README).filter((target) => target.startsWith('docs/')).length).toBeGreaterThan(3)
    expect(broken).toEqual([])
  })
})

describe('the folder map reader', () => {
  it('takes the folder that opens each line of the map, and not the paths named inside a line', () => {
    const readme = [
      '# Title',
      '- `outside/`: not in the map',
      '## Folder map',
      '- `src/`: the SPA; see `src/main.tsx` and `generated/`.',
      '  - `src/app/`: the store.',
      '## Read more',
      '- `after/`: not in the map',
    ].join('\n')
    expect(mappedFolders(readme)).toEqual(['src/', 'src/app/'])
  })

  it('lists top-level folders, and the rooms of server/ and src/ only, leaving dot-folders and files out', () => {
    const files = [
      '.ci/run',
      'README.md',
      'src/main.tsx',
      'src/app/store.ts',
      'server/web/x.ts',
      'tests/a/b.ts',
    ]
    expect(foldersToMap(files)).toEqual(['server/', 'server/web/', 'src/', 'src/app/', 'tests/'])
  })
})
