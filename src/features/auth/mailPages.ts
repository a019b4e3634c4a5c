// The pages that mailed links open, loaded as one chunk: what they share (their endpoints, their texts) then stays
// out of the chunk every page loads.
export { default as ForgotPasswordPage } from '@/features/auth/ForgotPasswordPage'
export { default as ResetPasswordPage } from '@/features/auth/ResetPasswordPage'
export { default as VerifyEmailPage } from '@/features/auth/VerifyEmailPage'
export { default as UnsubscribePage } from '@/features/auth/UnsubscribePage'
