import { useParams } from 'react-router-dom'
import { isChessTitle } from '@/api/chessDataApi'
import { TitlePlayers } from './TitlePlayers'
import { TitleSearch } from './TitleSearch'
import './titles.css'

export default function TitlePage() {
  const { title = '' } = useParams()
  const valid = isChessTitle(title)

  return (
    <div className="page title-page stack">
      <h1>{valid ? `${title} players` : 'Titled players'}</h1>
      <div className="card">
        <TitleSearch key={title} initialTitle={valid ? title : ''} />
      </div>
      {valid ? (
        <TitlePlayers key={title} title={title} />
      ) : (
        <p className="muted">“{title}” is not a chess title. Choose one from the list.</p>
      )}
    </div>
  )
}
