// The texts of the pages that mailed links open, shared by the pages and their tests.
export const RESET_SENT_TEXT = 'If an account uses this email, we sent a link to reset its password.'
export const PASSWORD_RESET_TEXT = 'Your password was changed. Please log in.'
export const EXPIRED_LINK_TEXT = 'This link has expired or was already used.'
export const EMAIL_VERIFIED_TEXT = 'Email verified.'
export const UNSUBSCRIBED_TEXT = 'You will get no more review reminders.'
