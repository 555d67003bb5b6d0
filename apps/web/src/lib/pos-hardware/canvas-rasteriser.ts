import { displayWidth } from './cjk'
import type { RasterImage, Rasteriser } from './types'

/** Dots of one printed line of text: the printer's 24-dot font plus room for descenders. */
const LINE_HEIGHT = 32
const FONT_SIZE = 24

/**
 * The browser's rasteriser: a line drawn on a canvas (an OffscreenCanvas where there is one), black on
 * white, in the system's sans-serif — which has Chinese glyphs on every system the till runs on.
 * Undefined where there is no canvas (Node): the receipt then prints such a line as text.
 */
export const canvasRasteriser = (): Rasteriser | undefined => {
  const make = (width: number, height: number) => {
    if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height)
    if (typeof document === 'undefined') return null
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    return canvas
  }
  if (!make(1, 1)) return undefined
  return (text, width, options): RasterImage => {
    const canvas = make(width, LINE_HEIGHT)!
    const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D
    context.fillStyle = '#fff'
    context.fillRect(0, 0, width, LINE_HEIGHT)
    context.fillStyle = '#000'
    context.font = `${options.bold ? 'bold ' : ''}${FONT_SIZE}px sans-serif`
    context.textBaseline = 'middle'
    // Each character in its own columns (a wide one in two), so the padded columns line up as in the
    // printer's fixed-pitch font.
    const dots = width / options.columns
    let column = 0
    for (const char of text) {
      context.fillText(char, column * dots, LINE_HEIGHT / 2, displayWidth(char) * dots)
      column += displayWidth(char)
    }
    const image = context.getImageData(0, 0, width, LINE_HEIGHT)
    return { width, height: LINE_HEIGHT, data: image.data }
  }
}
