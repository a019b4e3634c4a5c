import type { Plugin } from 'vite'

/** The sprite's text: react-chessboard's pieces as <symbol id="wP"> elements of one SVG. */
export function pieceSprite(): Promise<string>

/** `virtual:piece-sprite`: the sprite's address (see vite-piece-sprite.mjs). */
export function pieceSpritePlugin(): Plugin
