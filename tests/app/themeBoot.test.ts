import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { THEME_BOOT_SCRIPT } from '@/app/shell/themeBoot'

describe('the colour-scheme script in the page head', () => {
  it('is in index.html exactly as the server allows it by hash', () => {
    expect(readFileSync('index.html', 'utf8')).toContain(`<script>${THEME_BOOT_SCRIPT}</script>`)
  })
})
