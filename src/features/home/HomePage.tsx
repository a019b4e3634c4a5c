import { useAppSelector } from '@/app/hooks'
import { selectCurrentUser, selectIsLoggedIn } from '@/features/auth/authSlice'
import { PracticeBoardPanel } from '@/features/game/PracticeBoardPanel'
import { LinesToReview } from '@/features/review/LinesToReview'
import { ContinueStudy } from './ContinueStudy'
import { DailyPuzzleSlot } from './DailyPuzzleSlot'
import { ExpertTips } from './ExpertTips'
import { NextStep } from './NextStep'
import { SearchPlayers } from './SearchPlayers'
import { UpcomingEvents } from './UpcomingEvents'
import { Welcome } from './Welcome'
import './home.css'

export default function HomePage() {
  const user = useAppSelector(selectCurrentUser)
  const loggedIn = useAppSelector(selectIsLoggedIn)

  return (
    <div className="page home">
      <Welcome />
      {loggedIn && user && <NextStep userId={user._id} />}
      <div className="home__layout">
        <div className="home__main stack">
          <PracticeBoardPanel />
          <ExpertTips />
          <DailyPuzzleSlot />
          {loggedIn && <UpcomingEvents />}
          {loggedIn && <LinesToReview />}
          {loggedIn && user && <ContinueStudy userId={user._id} />}
        </div>
        <SearchPlayers />
      </div>
    </div>
  )
}
