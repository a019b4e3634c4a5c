/** The computer opponent is labelled with the product name. */
export const COMPUTER_LABEL = 'Chess Online Education'
