import { useId, useState } from 'react'
import { useHref } from 'react-router-dom'
import { START_FEN } from '@domain/chess/chessRules'
import { gameLinkQuery } from '@domain/chess/gameLink'
import type { GameReport } from '@domain/chess/gameReport'
import type { ParsedLine } from '@domain/chess/pgn'
import { exportPgn } from '@domain/chess/pgnExport'

type Props = {
  line: ParsedLine
  current: number
  report: GameReport | null
  /** The node of each reported move (the report's ply i is node reported[i]). */
  reported: readonly number[]
  /** Why the link the page was opened with was not read in full, if it was not. */
  notice?: string
}

/** What 'Copy link' did, for the position it was asked at: copied, or the address to copy by hand. */
type Copied = { line: ParsedLine; current: number; url: string | null }

/** 'analysis.pgn', or the players' names when the game has them ('Morphy_vs_Allies.pgn'). */
function fileName(tags: Record<string, string>): string {
  const name = (tag: string | undefined) => tag?.replace(/[^\p{L}\p{N}.-]+/gu, '_').slice(0, 40)
  const [white, black] = [name(tags.White), name(tags.Black)]
  return white && black && white !== '_' && black !== '_' ? `${white}_vs_${black}.pgn` : 'analysis.pgn'
}

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'application/x-chess-pgn' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

/** 'Copy link' (an address opening this game at the move shown) and 'Download PGN' (with the report's marks). */
export function ShareGame({ line, current, report, reported, notice }: Props) {
  const page = useHref('/analysis')
  const [copied, setCopied] = useState<Copied | null>(null)
  const fieldId = useId()
  const empty = line.nodes.length === 1 && line.nodes[0].fen === START_FEN
  const shown = copied?.line === line && copied.current === current ? copied : null

  async function copyLink() {
    const url = `${window.location.origin}${page}?${gameLinkQuery(line, current)}`
    try {
      await navigator.clipboard.writeText(url)
      setCopied({ line, current, url: null })
    } catch {
      setCopied({ line, current, url })
    }
  }

  return (
    <div className="share-game">
      {notice && (
        <p className="share-game__notice" role="status">
          {notice}
        </p>
      )}
      <div className="row share-game__buttons">
        <button type="button" className="btn" onClick={() => void copyLink()} disabled={empty}>
          Copy link
        </button>
        <button
          type="button"
          className="btn"
          onClick={() =>
            download(exportPgn(line, report ? { report, reported } : undefined), fileName(line.tags))
          }
          disabled={empty}
        >
          Download PGN
        </button>
      </div>
      {shown && !shown.url && <p role="status">Link copied</p>}
      {shown?.url && (
        <div className="share-game__manual">
          <label htmlFor={fieldId}>The link could not be copied: copy it from here</label>
          <input id={fieldId} readOnly value={shown.url} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </div>
  )
}
