// The part of the `glicko2` package (1.2, plain JavaScript without types) that the puzzle ratings use.
declare module 'glicko2' {
  export interface Glicko2Settings {
    tau?: number
    rating?: number
    rd?: number
    vol?: number
  }
  export interface Glicko2Player {
    getRating(): number
    getRd(): number
    getVol(): number
  }
  export class Glicko2 {
    constructor(settings?: Glicko2Settings)
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player
    /** One rating period: every player made by this instance is rated from the matches given (outcome of the first). */
    updateRatings(matches: Array<[Glicko2Player, Glicko2Player, number]>): void
  }
}
