// The colour scheme before the first paint: the one script in every page's head (index.html, and so the prerendered
// pages built from it). It puts this browser's choice from the navigation's toggle (src/features/layout/ThemeToggle.tsx),
// kept in localStorage, on <html data-theme>; without one the stylesheet follows the system's setting
// (src/styles/base.css). The server allows exactly this text by its hash in the pages' Content-Security-Policy
// (server/web/webPlugin.ts); index.html carries it verbatim (tests/app/themeBoot.test.ts checks both agree).
import { THEME_KEY } from '../../features/layout/theme'

// Written as Prettier formats it inside index.html (its indentation included), since the hash covers every character.
export const THEME_BOOT_SCRIPT =
  '\n      try {\n' +
  `        const t = localStorage.getItem('${THEME_KEY}')\n` +
  "        if (t == 'dark' || t == 'light') document.documentElement.dataset.theme = t\n" +
  '      } catch {}\n    '
