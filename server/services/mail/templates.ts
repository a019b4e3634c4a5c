const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text (and attribute values) made safe to place in HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
}

/** The product's name, in every mail's subject, greeting and signature. */
export const PRODUCT = 'Chess Online Education'

export interface MailContent {
  subject: string
  text: string
  html: string
}

interface Layout {
  subject: string
  paragraphs: string[]
  /** The one action of the mail: a button in HTML, and the address as text in both parts. */
  link?: { label: string; url: string }
  /** Lines after the action (how long the link lasts, what to do if it was not you). */
  after?: string[]
  /** Below the signature (how to stop these mails). */
  footer?: { text: string; link?: { label: string; url: string } }
}

/**
 * A mail in two parts, plain text and HTML, saying the same: no images, no tracking, no remote content; every link
 * is written out as text too, so it can be copied where the button does not work.
 */
function layout({ subject, paragraphs, link, after = [], footer }: Layout): MailContent {
  const text = [
    ...paragraphs,
    ...(link ? [`${link.label}:\n${link.url}`] : []),
    ...after,
    `— ${PRODUCT}`,
    ...(footer ? [`${footer.text}${footer.link ? `\n${footer.link.label}: ${footer.link.url}` : ''}`] : []),
  ].join('\n\n')
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2328;max-width:560px;margin:0 auto;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(PRODUCT)}</h1>`,
    ...paragraphs.map(p),
    ...(link
      ? [
          `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#2f6f4f;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>`,
          `<p style="margin:0 0 16px;word-break:break-all">${escapeHtml(link.url)}</p>`,
        ]
      : []),
    ...after.map(p),
    p(`— ${PRODUCT}`),
    ...(footer
      ? [
          `<p style="margin:24px 0 0;font-size:13px;color:#59636e">${escapeHtml(footer.text)}${
            footer.link
              ? ` <a href="${escapeHtml(footer.link.url)}">${escapeHtml(footer.link.label)}</a>: ${escapeHtml(footer.link.url)}`
              : ''
          }</p>`,
        ]
      : []),
    '</body></html>',
  ].join('\n')
  return { subject, text, html }
}

export function passwordResetMail(url: string): MailContent {
  return layout({
    subject: `Reset your ${PRODUCT} password`,
    paragraphs: [
      'Someone (we hope you) asked to reset the password of your account.',
      'Follow this link to choose a new one:',
    ],
    link: { label: 'Reset your password', url },
    after: [
      'The link works once, for 1 hour.',
      'If you did not ask for it, you can ignore this mail: your password stays as it is.',
    ],
  })
}

export function verifyAddressMail(url: string, change: boolean): MailContent {
  return layout({
    subject: change ? `Confirm your new ${PRODUCT} email` : `Verify your ${PRODUCT} email`,
    paragraphs: change
      ? [
          'Someone (we hope you) asked to use this address for their account.',
          'Follow this link to confirm it; until then the account keeps its old address:',
        ]
      : ['Welcome! Please confirm that this address is yours:'],
    link: { label: change ? 'Confirm this address' : 'Verify your email', url },
    after: ['The link works once, for 24 hours.', 'If this was not you, you can ignore this mail.'],
  })
}

export function emailChangedMail(newEmail: string, loginUrl: string): MailContent {
  return layout({
    subject: `Your ${PRODUCT} email was changed`,
    paragraphs: [
      `The email of your account was changed to ${newEmail}. Mail for the account goes there from now on.`,
      'If you did not do this, reset your password from the sign-in page and tell an administrator:',
    ],
    link: { label: 'Sign in', url: loginUrl },
  })
}

export interface ReceiptLine {
  title: string
  cents: number
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

export function receiptMail(receipt: {
  orderId: string
  date: Date
  courses: ReceiptLine[]
  totalCents: number
  reference: string
}): MailContent {
  const lines = receipt.courses.map((c) => `${c.title}: ${dollars(c.cents)}`)
  return layout({
    subject: `Your ${PRODUCT} receipt`,
    paragraphs: [
      'Thank you for your purchase. Your receipt:',
      `Order: ${receipt.orderId}`,
      `Date: ${receipt.date.toISOString().slice(0, 10)}`,
      ...lines,
      `Total: ${dollars(receipt.totalCents)}`,
      `Payment reference: ${receipt.reference}`,
    ],
    after: ['Keep this mail for your records.'],
  })
}

export function reviewReminderMail(n: number, reviewUrl: string, unsubscribeUrl: string): MailContent {
  const lines = `${n} line${n === 1 ? '' : 's'} to review`
  return layout({
    subject: lines,
    paragraphs: [`You have ${lines}. A few minutes now keeps them in your memory.`],
    link: { label: 'Review now', url: reviewUrl },
    footer: {
      text: "You get this mail because you chose 'Email me when lines are due for review'.",
      link: { label: 'Unsubscribe', url: unsubscribeUrl },
    },
  })
}
