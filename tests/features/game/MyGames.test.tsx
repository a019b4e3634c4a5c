// 'My games' on one's own profile: the kept practice games, newest first, a page at a time, each opening in
// /analysis, each deleted after a confirmation; answered by the real server.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import ProfilePage from '@/features/profile/ProfilePage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { query, seedUser, sessionOf, type SeededUser } from '../../helpers/backend'

const SCHOLARS_MATE = '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0'

/** `count` games of `who`, the n-th played n hours after 2024-01-01 (so the last is the newest). */
async function keepGames(
  who: SeededUser,
  count: number,
  game: { result?: string; level?: string; colour?: string } = {},
) {
  await query(
    `INSERT INTO games (user_id, key, pgn, result, opponent_level, colour, moves, played_at)
     SELECT $1, gen_random_uuid(), $2, $3, $4, $5, 7, timestamptz '2024-01-01T00:00:00Z' + make_interval(hours => n)
     FROM generate_series(1, $6::int) AS n`,
    [who._id, SCHOLARS_MATE, game.result ?? '1-0', game.level ?? 'random', game.colour ?? 'white', count],
  )
  return query<{ id: string }>('SELECT id FROM games WHERE user_id = $1 ORDER BY played_at DESC', [who._id])
}

function renderOwnProfile(me: SeededUser) {
  return renderWithProviders(<ProfilePage />, {
    route: '/profile',
    path: '/profile',
    preloadedState: { auth: sessionOf(me) },
  })
}

const gameRows = async () => {
  const table = await screen.findByRole('table')
  return within(table).getAllByRole('row').slice(1)
}

describe("'My games' on one's own profile", () => {
  it('lists the games newest first, ten at a time, each with its colour, opponent and result', async () => {
    const me = seedUser({ username: 'player1' })
    const other = seedUser({ username: 'player2' })
    const ids = await keepGames(me, 12)
    await keepGames(other, 3)
    await query(`UPDATE games SET result = '0-1', opponent_level = '4', colour = 'black' WHERE id = $1`, [
      ids[0].id,
    ])
    const { user } = renderOwnProfile(me)
    expect(await screen.findByRole('heading', { name: 'My games' })).toBeInTheDocument()
    let rows = await gameRows()
    expect(rows).toHaveLength(10)
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    expect(cells(rows[0]).slice(1, 4)).toEqual(['Black', 'Level 4', 'Won (0-1)'])
    expect(cells(rows[1]).slice(1, 4)).toEqual(['White', 'Random', 'Won (1-0)'])
    const links = rows.map((row) => within(row).getByRole('link', { name: 'Analyse' }).getAttribute('href'))
    expect(links).toEqual(ids.slice(0, 10).map((g) => `/analysis?game=${g.id}`))

    await user.click(screen.getByRole('button', { name: 'Load more games' }))
    await waitFor(async () => expect(await gameRows()).toHaveLength(12))
    rows = await gameRows()
    expect(
      rows.map((row) => within(row).getByRole('link', { name: 'Analyse' }).getAttribute('href')),
    ).toEqual(ids.map((g) => `/analysis?game=${g.id}`))
    expect(screen.queryByRole('button', { name: 'Load more games' })).not.toBeInTheDocument()
  })

  it("deletes a game after 'Please confirm', and keeps it on 'Cancel'", async () => {
    const me = seedUser({ username: 'player3' })
    const ids = await keepGames(me, 2)
    const { user } = renderOwnProfile(me)
    let rows = await gameRows()
    await user.click(within(rows[0]).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(await query('SELECT id FROM games')).toHaveLength(2)

    rows = await gameRows()
    await user.click(within(rows[0]).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }))
    await waitFor(async () => expect(await gameRows()).toHaveLength(1))
    expect(await query<{ id: string }>('SELECT id FROM games')).toEqual([{ id: ids[1].id }])
  })

  it('says when there is none yet', async () => {
    const me = seedUser({ username: 'player4' })
    renderOwnProfile(me)
    expect(
      await screen.findByText('No games yet: your finished practice games are kept here.'),
    ).toBeInTheDocument()
  })
})
