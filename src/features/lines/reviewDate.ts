/** A review date as the SPA writes it: 'Jan 10, 2030, 12:10 PM'. */
export const reviewDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
