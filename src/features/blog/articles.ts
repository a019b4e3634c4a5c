// The exhibition's four static articles shown on /blog (the exhibition of September 18-19, 2024).
import awardsImage from '@/assets/blog/awards.svg'
import exhibitionImage from '@/assets/blog/exhibition.svg'
import mediaImage from '@/assets/blog/media.svg'
import memorabiliaImage from '@/assets/blog/memorabilia.svg'

export interface Article {
  id: string
  title: string
  image: string
  imageAlt: string
  date: string
  organizer: string
  paragraphs: string[]
}

export const EXHIBITION_DATE = 'September 18-19, 2024'

export const ARTICLES: Article[] = [
  {
    id: 'awards',
    title: 'Three Decades of Awards',
    image: awardsImage,
    imageAlt: 'Trophies and medals on a display shelf',
    date: EXHIBITION_DATE,
    organizer: 'Chess Online Education',
    paragraphs: [
      'The first room of the exhibition gathers the trophies and medals our instructor has won over three decades of competitive play: national championship titles, team olympiad medals and the plaques of the open tournaments that marked the way to the master title.',
      'Each award is shown with the game that decided it, so visitors can replay the critical positions on demonstration boards next to the display cases.',
    ],
  },
  {
    id: 'media',
    title: 'In the Press: Media Features',
    image: mediaImage,
    imageAlt: 'Newspaper and magazine features about the instructor',
    date: EXHIBITION_DATE,
    organizer: 'Chess Online Education and the City Chess Club',
    paragraphs: [
      'Newspaper interviews, magazine covers and television appearances tell the story of how our instructor brought chess to a wider audience, from simultaneous exhibitions in schools to commentary on world championship matches.',
      'A reading corner lets visitors browse the full articles and watch excerpts of the broadcasts.',
    ],
  },
  {
    id: 'memorabilia',
    title: 'Memorabilia from Memorable Games',
    image: memorabiliaImage,
    imageAlt: 'A tournament chessboard and clock in a display case',
    date: EXHIBITION_DATE,
    organizer: 'Chess Online Education',
    paragraphs: [
      'Score sheets signed by famous opponents, the wooden board and clock of a decisive final round, and tournament badges from around the world make up the memorabilia collection.',
      'Many pieces are shown to the public for the first time, with notes written by our instructor on what each game taught them.',
    ],
  },
  {
    id: 'visit',
    title: 'Plan Your Visit',
    image: exhibitionImage,
    imageAlt: 'Visitors in the exhibition hall',
    date: EXHIBITION_DATE,
    organizer: 'The City Chess Club',
    paragraphs: [
      'The exhibition is open on both days with free entry. Guided tours start every hour, and students of our courses can join a simultaneous exhibition against the instructor on the evening of the first day.',
      'Families are welcome: a beginners’ corner teaches how the pieces move, and every young visitor takes home a puzzle booklet.',
    ],
  },
]
