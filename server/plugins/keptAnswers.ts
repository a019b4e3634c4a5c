import type { Db } from '../db/db'
import { catalogueKey, type CatalogueQuery } from '../services/catalogue/catalogue'
import { courseList, KEPT_VALUES, type CourseListEntry } from '../services/catalogue/courseListCache'
import { representationOf, weakTag, type Representation } from './keptEncoding'

/**
 * A catalogue page kept as answered: the page's key in courseList, the page itself (still current while courseList
 * answers that very object), its body's bytes and its tag.
 */
export interface KeptPage {
  key: string
  page: object
  bytes: Buffer
  tag: string
  /** The tag as If-None-Match names it (weak comparison: without `W/`). */
  tags: string[]
}

/**
 * What the course list's route keeps of its answers, for one database: the whole list's representations (its bytes
 * and their encodings, by the list they were made from), the catalogue pages' bodies and tags (by the page object
 * courseList keeps), and the pages answered by request address.
 */
export class KeptAnswers {
  private readonly representations = new WeakMap<CourseListEntry, Representation>()
  /**
   * The catalogue's pages as sent, by the page: catalogue() answers the very same object while it keeps a page (until
   * the courses change), whose body is then serialized and tagged once instead of on every answer.
   */
  private readonly bodies = new WeakMap<object, { body: string; tag: string }>()
  /** The pages answered, by request address: as many as courseList keeps, the least recently answered going first. */
  private readonly pages = new Map<string, KeptPage>()

  constructor(private readonly db: Db) {}

  /** The list's representation: its bytes and tags, and its encodings once made. */
  representation(entry: CourseListEntry): Representation {
    let rep = this.representations.get(entry)
    if (!rep) {
      rep = representationOf(entry.json)
      this.representations.set(entry, rep)
    }
    return rep
  }

  /** A page's body as sent and its tag: serialized (by `serialize`) and tagged on its first answer, then kept. */
  bodyOf(page: object, serialize: (page: object) => unknown): { body: string; tag: string } | undefined {
    let kept = this.bodies.get(page)
    if (!kept) {
      const body = serialize(page)
      if (typeof body !== 'string') return undefined
      kept = { body, tag: weakTag(body) }
      this.bodies.set(page, kept)
    }
    return kept
  }

  /**
   * The page answered to this address, when courseList still keeps that very page and knows it is current without
   * a query (embedded PGlite); else undefined. It becomes the most recently answered.
   */
  current(url: string): KeptPage | undefined {
    const kept = this.pages.get(url)
    if (!kept || courseList(this.db).keptNow(kept.key) !== kept.page) return undefined
    this.pages.delete(url)
    this.pages.set(url, kept)
    return kept
  }

  /** Remembers the page answered to this (validated) address, to be answered from its bytes while it is current. */
  remember(url: string, query: CatalogueQuery, page: object, body: { body: string; tag: string }): void {
    if (this.pages.get(url)?.page === page) return
    this.pages.delete(url)
    this.pages.set(url, {
      key: catalogueKey(query),
      page,
      bytes: Buffer.from(body.body),
      tag: body.tag,
      tags: [body.tag.slice(2)],
    })
    if (this.pages.size > KEPT_VALUES) this.pages.delete(this.pages.keys().next().value as string)
  }
}
