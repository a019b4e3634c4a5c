import { useDeferredValue, useId, useMemo, useState } from 'react'
import { useGetTitledPlayersQuery } from '@/api/chessDataApi'
import { LoadError } from '@/components/LoadError'
import { Spinner } from '@/components/Spinner'
import { PlayerNameList } from './PlayerNameList'

/** The usernames holding one title, with a filter (the GM list runs to ~1500 names). */
export function TitlePlayers({ title }: { title: string }) {
  const { data: usernames, isLoading, isError, refetch } = useGetTitledPlayersQuery(title)
  const [filter, setFilter] = useState('')
  const deferredFilter = useDeferredValue(filter.trim().toLowerCase())
  const shown = useMemo(
    () =>
      (deferredFilter ? usernames?.filter((u) => u.toLowerCase().includes(deferredFilter)) : usernames) ?? [],
    [usernames, deferredFilter],
  )
  const filterId = useId()

  if (isLoading) return <Spinner />
  if (!usernames)
    return isError ? (
      <LoadError message={`The ${title} players could not be loaded.`} onRetry={() => void refetch()} />
    ) : null
  return (
    <section className="card" aria-labelledby="title-players-heading">
      <div className="section-head">
        <h2 id="title-players-heading">
          {usernames.length.toLocaleString('en-US')} {usernames.length === 1 ? 'player' : 'players'}
        </h2>
        {usernames.length > 0 && (
          <div className="title-page__filter">
            <label htmlFor={filterId}>Filter usernames</label>
            <input id={filterId} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </div>
        )}
      </div>
      <PlayerNameList usernames={shown} />
    </section>
  )
}
