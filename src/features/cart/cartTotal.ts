/** Spec §9: the cart total is the sum of prices, shown with a $ sign and 2 decimals. */
export const formatTotal = (amount: number) => `$${amount.toFixed(2)}`
