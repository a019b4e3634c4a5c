import { useAppSelector } from '@/app/hooks'
import { selectCurrentUser, selectIsLoggedIn } from '@/features/auth/authSlice'
import { PracticeBoardPanel } from '@/features/game/PracticeBoardPanel'
import { PlayerSearch } from '@/features/player/PlayerSearch'
import { TitleSearch } from '@/features/titles/TitleSearch'
import { LinesToReview } from '@/features/review/LinesToReview'
import { ContinueStudy } from './ContinueStudy'
import { ExpertTips } from './ExpertTips'
import { UpcomingEvents } from './UpcomingEvents'
import { Welcome } from './Welcome'
import './home.css'

export default function HomePage() {
  const user = useAppSelector(selectCurrentUser)
  const loggedIn = useAppSelector(selectIsLoggedIn)

  return (
    <div className="page home">
      <Welcome />
      <div className="home__layout">
        <div className="home__main stack">
          <PracticeBoardPanel />
          <ExpertTips />
          {loggedIn && <UpcomingEvents />}
          {loggedIn && <LinesToReview />}
          {loggedIn && user && <ContinueStudy userId={user._id} />}
        </div>
        <aside className="home__aside card" aria-labelledby="search-players-heading">
          <h2 id="search-players-heading">Search Players</h2>
          <PlayerSearch />
          <TitleSearch />
        </aside>
      </div>
    </div>
  )
}
