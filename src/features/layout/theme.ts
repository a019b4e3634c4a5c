/** The localStorage key of this browser's colour-scheme choice ('dark' or 'light'). */
export const THEME_KEY = 'theme'
