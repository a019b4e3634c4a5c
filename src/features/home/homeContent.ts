// Static content of the home page: the guest's name, tips and events.

export const GUEST_NAME = 'Guest'
export const PRODUCT_NAME = 'Chess Online Education'

export const EXPERT_TIPS = [
  {
    title: 'Control the center',
    text: 'Occupy or attack e4, d4, e5 and d5 early: pieces in the center reach more squares and restrict your opponent.',
  },
  {
    title: 'Develop before you attack',
    text: 'Bring out knights and bishops, castle, and connect your rooks before launching an attack. Avoid moving the same piece twice in the opening.',
  },
  {
    title: 'Check every move for threats',
    text: "Before each move ask what your opponent's last move threatens, and look for checks, captures and attacks of your own.",
  },
] as const

export const UPCOMING_EVENTS = [
  {
    title: 'Online lecture: Opening principles for club players',
    date: 'December 15, 2023',
    time: '13:00-14:30 EST',
  },
  {
    title: 'Online workshop: Converting winning endgames',
    date: 'December 28, 2023',
    time: '13:00-14:30 EST',
  },
] as const
