import { PlayerSearch } from '@/features/player/PlayerSearch'
import { TitleSearch } from '@/features/titles/TitleSearch'

/** /home's aside: 'Search Players' with the search by username and by title (also in the prerendered shell). */
export function SearchPlayers() {
  return (
    <aside className="home__aside card" aria-labelledby="search-players-heading">
      <h2 id="search-players-heading">Search Players</h2>
      <PlayerSearch />
      <TitleSearch />
    </aside>
  )
}
