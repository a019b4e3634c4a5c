import './board.css'

/** What the board's keys do: shown only to devices with a fine pointer (a mouse, so most likely a keyboard). */
export function BoardKeysHelp({ id }: { id: string }) {
  return (
    <p id={id} className="board-keys">
      Board keys: arrows move, Enter picks up and puts down, Escape lets go.
    </p>
  )
}
