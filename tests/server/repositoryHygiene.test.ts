// Comments (and test names) stand alone: a reader of this repository has neither the tracker's issues (this
// project's or another's), nor the documents kept beside it, nor anyone's machine. Each line of the project's own
// source files, SQL migrations and documents is read for a citation of one of those; a comment says the reason
// itself, or links a file in docs/. Quoting a product text is fine: only the pointers go. The patterns below are
// written so that this file does not match them itself.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The project's own text: code, styles, scripts, the page, the contract, the SQL migrations and the documents.
 * Generated code is checked at its source.
 */
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css|sh|html|yaml|yml|sql|md)$/
const SCRIPTS_WITHOUT_EXTENSION = new Set(['.ci/run'])
const GENERATED = /^(?:src\/api\/generated|server\/generated)\//

/**
 * Released migrations whose comments cite an issue number. A migration is never edited once released, its comments
 * included: postgrator keeps the md5 of the file's content, and an existing database refuses a file that changed
 * (docs/decisions/migrations-never-edited.md). These keep their comments as written; every other file is checked.
 */
const RELEASED_MIGRATIONS_AS_WRITTEN = new Set(
  [
    '009.do.catalogue',
    '010.do.data-versions',
    '011.do.catalogue-search-column',
    '012.do.drop-username-prefix-index',
  ].map((name) => `server/db/migrations/${name}.sql`),
)

/** What a line must not cite, each with the words a failure names it by. */
const CITATIONS: { what: string; pattern: RegExp }[] = [
  { what: 'an issue number', pattern: /\bissues?\s*#?\d/i },
  // Another project's issue or pull request: its owner and repository with a number after '#', the address of one,
  // or a number of Chromium's tracker (V8's bugs are there)
  { what: "another project's issue", pattern: /\b[\w.-]+\/[\w.-]+#\d/ },
  { what: "another project's issue", pattern: /\/(?:issues|pull)\/\d/ },
  { what: "another project's issue", pattern: /\bcrbug(?:\.com)?[\s/:]*\d/i },
  { what: 'a section sign', pattern: /\u00a7/ },
  { what: 'a style document kept elsewhere', pattern: /\bstyle\s+guide\b/i },
  { what: 'a document kept outside the repository', pattern: /\b(?:DECISIONS|SPEC|STYLE)\.md\b/i },
  { what: 'a document kept outside the repository', pattern: /(?:^|[\s'"`(])\.\.\/shared\// },
  {
    what: 'a section of the spec',
    pattern: /\bspec(?:ification)?(?:'s)?,?\s+(?:section|point|part)s?\s*\d/i,
  },
  // A home folder, the root user's folder or a work folder on one machine (the app's route /home/x is not one)
  {
    what: 'a path of one machine',
    pattern: /(?<![\w@.~-])\/(?:work|root|Users\/[\w.-]+|home\/[\w.-]+)\/[\w.-]/,
  },
]

/** The file:line of each citation in `text` (a file's content), with what it cites and the line itself. */
function citationsIn(file: string, text: string): string[] {
  const found: string[] = []
  text.split('\n').forEach((line, i) => {
    for (const { what, pattern } of CITATIONS)
      if (pattern.test(line)) found.push(`${file}:${i + 1}: cites ${what}: ${line.trim().slice(0, 160)}`)
  })
  return found
}

/** The project's source files, tracked or new (not ignored), that are still on disk. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return [...new Set(listed.split('\0'))]
    .filter((file) => file && (SOURCE.test(file) || SCRIPTS_WITHOUT_EXTENSION.has(file)))
    .filter((file) => !GENERATED.test(file) && !RELEASED_MIGRATIONS_AS_WRITTEN.has(file))
    .filter((file) => existsSync(join(ROOT, file)))
    .sort()
}

describe('comments stand alone', () => {
  it('finds each kind of citation, and passes a product text, a route and a docs link', () => {
    // Each planted line is split by '~' so that this file's own lines do not cite anything.
    const planted = [
      '// as asked in iss~ue 12',
      "describe('/admin (Iss~ue 10.4)', () => {",
      '// see iss~ues #7 and 8',
      '// hangs there (nodejs/no~de#54918, open)',
      '-- as in https://github.com/org/lib/iss~ues/12',
      '<!-- fixed upstream (github.com/org/lib/pu~ll/7) -->',
      '# V8 fixed it (crb~ug 409379692)',
      '// layers (\u00a71)',
      '/* the sty~le  guide wants it */',
      '# see DECI~SIONS.md',
      '// see ..~/shared/notes.md',
      '// sp~ec section 7',
      "// the sp~ec's point 3",
      '// from /ho~me/someone/shared/x.md',
      '// copied from /wo~rk/shared/notes',
    ]
      .join('\n')
      .replaceAll('~', '')
    expect(citationsIn('x.ts', planted).map((f) => f.split(': ')[1])).toEqual([
      'cites an issue number',
      'cites an issue number',
      'cites an issue number',
      "cites another project's issue",
      "cites another project's issue",
      "cites another project's issue",
      "cites another project's issue",
      'cites a section sign',
      'cites a style document kept elsewhere',
      'cites a document kept outside the repository',
      'cites a document kept outside the repository',
      'cites a section of the spec',
      'cites a section of the spec',
      'cites a path of one machine',
      'cites a path of one machine',
    ])
    const fine = [
      "expect(screen.getByText('Login Required')).toBeVisible() // the spec's text",
      "for (const url of ['/blog', '/home/x', '/courses/abc/modules'])",
      "import HomePage from '@/features/home/HomePage'",
      '// why the cache is kept: docs/decisions/course-list-cache.md',
      '// an issue with the board, fixed by waiting for the image',
      "const anchor = '/courses/abc#modules' // a route and its fragment",
      '- [decisions/](docs/decisions/README.md): short records',
    ].join('\n')
    expect(citationsIn('x.ts', fine)).toEqual([])
  })

  it('no source file, migration or document cites an issue, a document outside the repository or a path of one machine', () => {
    const files = sourceFiles()
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((file) => citationsIn(file, readFileSync(join(ROOT, file), 'utf8')))
    expect(found, found.join('\n')).toEqual([])
  })
})
