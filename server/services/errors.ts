/** Domain errors: services throw these, the error handler turns them into problem+json replies. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
  ) {
    super(detail)
    this.name = new.target.name
  }
}

export class BadInput extends DomainError {
  constructor(detail: string) {
    super(400, 'Bad Request', detail)
  }
}
export class Unauthenticated extends DomainError {
  constructor(detail = 'Authentication required') {
    super(401, 'Unauthorized', detail)
  }
}
export class PaymentDeclined extends DomainError {
  constructor(detail = 'The payment was declined') {
    super(402, 'Payment Required', detail)
  }
}
export class Forbidden extends DomainError {
  constructor(detail = 'You may not do this') {
    super(403, 'Forbidden', detail)
  }
}
export class NotFound extends DomainError {
  constructor(what: string) {
    super(404, 'Not Found', `${what} not found`)
  }
}
export class Conflict extends DomainError {
  constructor(detail: string) {
    super(409, 'Conflict', detail)
  }
}
export class TooLarge extends DomainError {
  constructor(detail: string) {
    super(413, 'Payload Too Large', detail)
  }
}
export class UnsupportedMedia extends DomainError {
  constructor(detail: string) {
    super(415, 'Unsupported Media Type', detail)
  }
}
export class RangeNotSatisfiable extends DomainError {
  constructor(readonly size: number) {
    super(416, 'Range Not Satisfiable', 'The requested range lies outside the file')
  }
}
