import type { Config } from '../config'
import type { Db } from '../db/db'
import type { MediaStore } from '../services/media/media'
import type { PaymentProvider } from '../services/commerce/payments'
import type { MediaSigner } from '../services/media/videos'

/** What route plugins need; handed down from buildApp. */
export interface RouteDeps {
  db: Db
  config: Config
  signer: MediaSigner
  payments: PaymentProvider
  /** Where uploaded videos are stored, streamed from and removed. */
  media: MediaStore
}
