/** The computer opponent is labelled with the product name (SPEC §4). */
export const COMPUTER_LABEL = 'Chess Online Education'
