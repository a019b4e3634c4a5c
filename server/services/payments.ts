import { randomUUID } from 'node:crypto'

export interface PaymentRequest {
  userId: string
  amount: number
  currency: 'USD'
  description: string
}

export type PaymentResult = { approved: true; reference: string } | { approved: false; reason: string }

/** Where a real payment provider plugs in; checkout calls charge() inside its transaction. */
export interface PaymentProvider {
  charge(request: PaymentRequest): Promise<PaymentResult>
}

/** The built-in provider approves every payment. */
export const approvingProvider: PaymentProvider = {
  charge: async () => ({ approved: true, reference: `local-${randomUUID()}` }),
}
