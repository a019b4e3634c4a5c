// chess.com's answers for a player's games, in the service's real shapes: GET /pub/player/{username}/games/archives
// (month URLs, oldest first) and GET /pub/player/{username}/games/{yyyy}/{mm} (that month's finished games, oldest
// first). Shared by the unit tests (msw) and the browser journey (request interception). Every game ends at noon
// UTC, so its date reads the same in any time zone a test runs in.

const side = (username: string, rating: number, result: string) => ({
  rating,
  result,
  '@id': `https://api.chess.com/pub/player/${username.toLowerCase()}`,
  username,
  uuid: `uuid-${username.toLowerCase()}`,
})

/** A PGN as chess.com writes it: its tags, then the moves with a clock comment after each. */
function pgn(tags: Record<string, string>, moves: string, result: string) {
  const head = Object.entries(tags)
    .map(([k, v]) => `[${k} "${v}"]`)
    .join('\n')
  return `${head}\n[Result "${result}"]\n\n${moves} ${result}\n`
}

const clocked = (sans: string[]) =>
  sans
    .map((san, i) => {
      const n = Math.floor(i / 2) + 1
      return `${i % 2 === 0 ? `${n}.` : `${n}...`} ${san} {[%clk 0:02:5${i % 10}.${i}]}`
    })
    .join(' ')

/** Hikaru mates with White in four moves (Oct 30, 3+2 blitz). */
export const matingGame = {
  url: 'https://www.chess.com/game/live/150000000004',
  pgn: pgn(
    {
      Event: 'Live Chess',
      Site: 'Chess.com',
      Date: '2026.10.30',
      White: 'Hikaru',
      Black: 'MagnusCarlsen',
      ECO: 'C23',
      ECOUrl: 'https://www.chess.com/openings/Bishops-Opening-Berlin-Defense',
      WhiteElo: '3301',
      BlackElo: '3288',
      TimeControl: '180+2',
      Termination: 'Hikaru won by checkmate',
      Link: 'https://www.chess.com/game/live/150000000004',
    },
    clocked(['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#']),
    '1-0',
  ),
  time_control: '180+2',
  end_time: 1793361600,
  rated: true,
  tcn: 'mC0KlB5QcM!Tbs',
  uuid: 'game-4',
  initial_setup: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  fen: 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4',
  time_class: 'blitz',
  rules: 'chess',
  white: side('Hikaru', 3301, 'win'),
  black: side('MagnusCarlsen', 3288, 'checkmated'),
  accuracies: { white: 98.1, black: 41.2 },
  eco: 'https://www.chess.com/openings/Bishops-Opening-Berlin-Defense',
}

/** Hikaru resigns with Black (Oct 20, 10 min rapid). */
export const resignedGame = {
  url: 'https://www.chess.com/game/live/150000000001',
  pgn: pgn(
    { Event: 'Live Chess', Site: 'Chess.com', White: 'FabianoCaruana', Black: 'Hikaru', TimeControl: '600' },
    clocked(['d4', 'd5', 'c4', 'e6', 'Nc3', 'Nf6']),
    '1-0',
  ),
  time_control: '600',
  end_time: 1792497600,
  rated: true,
  time_class: 'rapid',
  rules: 'chess',
  white: side('FabianoCaruana', 2790, 'win'),
  black: side('Hikaru', 2812, 'resigned'),
}

/** A draw by agreement with White in a daily game (Oct 25). */
export const drawnDailyGame = {
  url: 'https://www.chess.com/game/daily/150000000002',
  pgn: pgn(
    {
      Event: "Let's Play!",
      Site: 'Chess.com',
      White: 'Hikaru',
      Black: 'anna_cramling',
      TimeControl: '1/86400',
    },
    '1. e4 c5 2. Nf3 d6',
    '1/2-1/2',
  ),
  time_control: '1/86400',
  end_time: 1792929600,
  rated: false,
  time_class: 'daily',
  rules: 'chess',
  white: side('Hikaru', 2450, 'agreed'),
  black: side('anna_cramling', 2210, 'agreed'),
}

/** A Chess960 game won on time (Oct 28, 1 min bullet): listed, but not opened in /analysis. */
export const chess960Game = {
  url: 'https://www.chess.com/game/live/150000000003',
  pgn: '[Event "Live Chess - Chess960"]\n[SetUp "1"]\n[FEN "bbqrnkrn/pppppppp/8/8/8/8/PPPPPPPP/BBQRNKRN w GDgd - 0 1"]\n\n1. d4 d5 1-0\n',
  time_control: '60',
  end_time: 1793188800,
  rated: true,
  time_class: 'bullet',
  rules: 'chess960',
  white: side('Hikaru', 3050, 'win'),
  black: side('LachesisQ', 2980, 'timeout'),
}

/** GET /pub/player/hikaru/games/2026/10, oldest first as chess.com lists them. */
export const hikaruOctober = { games: [resignedGame, drawnDailyGame, chess960Game, matingGame] }

/** GET /pub/player/hikaru/games/archives */
export const hikaruArchives = {
  archives: [
    'https://api.chess.com/pub/player/hikaru/games/2026/08',
    'https://api.chess.com/pub/player/hikaru/games/2026/09',
    'https://api.chess.com/pub/player/hikaru/games/2026/10',
  ],
}
