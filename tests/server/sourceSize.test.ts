// Product code stays readable in pieces: no function (of any kind, counted from the line it starts on to the line
// it ends on) over 100 lines, no source file over 400 lines. A longer one is split into named parts: sub-components
// and hooks for a component, helpers or sibling files for the rest. Generated code is not counted.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MAX_FUNCTION_LINES = 100
const MAX_FILE_LINES = 400

const SOURCE = /\.(?:ts|tsx|mjs|js)$/
const EXCLUDED = /^(?:src\/api\/generated|server\/generated)\/|\.d\.m?ts$/

function productFiles(): string[] {
  return execFileSync('git', ['ls-files', 'server', 'src', 'domain'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((path) => SOURCE.test(path) && !EXCLUDED.test(path))
}

/** The name a reader would look for: its own, or that of the variable, property or call it is given to. */
function functionName(node: ts.SignatureDeclaration): string {
  if (node.name) return node.name.getText()
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText()
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`
  return '(anonymous)'
}

interface Oversize {
  long: string[]
  lines: number
}

function measure(path: string, text = readFileSync(join(ROOT, path), 'utf8')): Oversize {
  const kind = path.endsWith('x')
    ? ts.ScriptKind.TSX
    : path.endsWith('js')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind)
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line
  const long: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = lineOf(node.getStart(source))
      const lines = lineOf(node.end) - start + 1
      if (lines > MAX_FUNCTION_LINES) long.push(`${path}:${start + 1} ${functionName(node)} (${lines} lines)`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { long, lines: source.getLineStarts().length - (text.endsWith('\n') ? 1 : 0) }
}

describe('product source size', () => {
  const files = productFiles()
  const measured = files.map((path) => ({ path, ...measure(path) }))

  it('reads the product files', () => {
    expect(files).toContain('server/app.ts')
    expect(files.some((path) => path.endsWith('.tsx'))).toBe(true)
    expect(files.some((path) => path.startsWith('src/api/generated/'))).toBe(false)
  })

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(measured.flatMap((file) => file.long)).toEqual([])
  })

  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const long = measured
      .filter((file) => file.lines > MAX_FILE_LINES)
      .map((file) => `${file.path} (${file.lines} lines)`)
    expect(long).toEqual([])
  })

  it("finds a function over the limit, nested or not, and counts a file's lines", () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `    const v${i} = ${i}`).join('\n')
    const fits = `export function fits() {\n${lines(MAX_FUNCTION_LINES - 2)}\n}\n`
    const nested = `export const Outer = () => {\n  useEffect(() => {\n${lines(MAX_FUNCTION_LINES - 1)}\n  })\n}\n`
    expect(measure('a.ts', fits)).toEqual({ long: [], lines: MAX_FUNCTION_LINES })
    expect(measure('b.tsx', nested).long).toEqual([
      `b.tsx:1 Outer (${MAX_FUNCTION_LINES + 3} lines)`,
      `b.tsx:2 (callback of useEffect) (${MAX_FUNCTION_LINES + 1} lines)`,
    ])
  })
})
