// Writes domain/chess/openingNames/openingNames.json, the openings /analysis names, from lichess's chess-openings
// kept beside it (a.tsv to e.tsv: eco, name, pgn; CC0): each line's moves are played with the kernel's PGN reader and
// the position reached is keyed as domain/chess/openings.ts looks it up. `--check` writes nothing and exits 1 when
// the file kept is not what the tables give.
//   node scripts/opening-names.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { register } from 'tsx/esm/api'

register()
const { parsePgn } = await import('../domain/chess/pgn.ts')
const { positionKey } = await import('../domain/chess/openings.ts')

const folder = join(dirname(fileURLToPath(import.meta.url)), '../domain/chess/openingNames')
const out = join(folder, 'openingNames.json')

const rows = []
const seen = new Map()
for (const volume of ['a', 'b', 'c', 'd', 'e']) {
  const [header, ...lines] = readFileSync(join(folder, `${volume}.tsv`), 'utf8')
    .split('\n')
    .filter(Boolean)
  if (header !== 'eco\tname\tpgn') throw new Error(`${volume}.tsv: expected the columns eco, name, pgn`)
  for (const line of lines) {
    const [eco, name, pgn] = line.split('\t')
    const nodes = parsePgn(pgn).nodes
    const epd = positionKey(nodes[nodes.length - 1].fen)
    // lichess's own build refuses a position named twice; so does this one.
    if (seen.has(epd)) throw new Error(`${volume}.tsv: ${pgn} reaches the position of ${seen.get(epd)}`)
    seen.set(epd, pgn)
    rows.push([epd, eco, name])
  }
}

const text = await format(JSON.stringify(rows), { ...(await resolveConfig(out)), filepath: out })
if (process.argv.includes('--check')) {
  const kept = readFileSync(out, 'utf8')
  if (kept !== text) {
    console.error(`${out} is not what the tables give: run node scripts/opening-names.mjs`)
    process.exit(1)
  }
  console.log(`${out}: ${rows.length} positions, up to date`)
} else {
  writeFileSync(out, text)
  console.log(`${out}: ${rows.length} positions`)
}
