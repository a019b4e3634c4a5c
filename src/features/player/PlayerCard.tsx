import { countryCode, type ChessPlayer } from '@/api/chessDataApi'

const orNA = (value: string | number | undefined) =>
  value === undefined || value === '' ? 'N/A' : String(value)

/** The chess.com player card: avatar, name, username, title, followers, country, location, status. */
export function PlayerCard({ player }: { player: ChessPlayer }) {
  return (
    <article className="card player-card" aria-labelledby="player-card-heading">
      {player.avatar ? (
        <img
          className="player-card__avatar"
          src={player.avatar}
          alt={`Avatar of ${player.username}`}
          width={120}
          height={120}
        />
      ) : (
        <div className="player-card__avatar player-card__avatar--empty" aria-hidden="true">
          {player.username.charAt(0).toUpperCase()}
        </div>
      )}
      <div>
        <h1 id="player-card-heading">{player.name || player.username}</h1>
        <dl className="player-card__fields">
          <dt>Name</dt>
          <dd>{orNA(player.name)}</dd>
          <dt>Username</dt>
          <dd>{player.username}</dd>
          <dt>Title</dt>
          <dd>{orNA(player.title)}</dd>
          <dt>Followers on chess.com</dt>
          <dd>{player.followers.toLocaleString('en-US')}</dd>
          <dt>Country</dt>
          <dd>{orNA(countryCode(player.country))}</dd>
          <dt>Location</dt>
          <dd>{orNA(player.location)}</dd>
          <dt>Status</dt>
          <dd>{orNA(player.status)}</dd>
        </dl>
      </div>
    </article>
  )
}
