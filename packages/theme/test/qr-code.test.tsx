import { renderToStaticMarkup } from 'react-dom/server'
import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { QrCode } from '../src/commerce/qr-code'

/** The drawn SVG as a scanner sees it: each `M{x} {y}h1v1h-1z` square painted black on white, `scale` pixels a module. */
const scan = (markup: string, scale = 4) => {
  const [, , , width] = /viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"/.exec(markup)!.map(Number)
  const side = width * scale
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  const path = /<path d="([^"]+)"/.exec(markup)![1]
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g))
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const at = (((Number(y) + 4) * scale + dy) * side + (Number(x) + 4) * scale + dx) * 4
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0
      }
  return jsQR(pixels, side, side)?.data
}

describe('the wallet QR code', () => {
  it('reads back as the payment code a wallet scans', () => {
    for (const code of ['https://qr.alipay.hk/ORD-20261130-0001', 'weixin://wxpay/bizpayurl?pr=Ab12Cd3']) {
      const markup = renderToStaticMarkup(<QrCode text={code} label="Wallet" />)
      expect(markup).toContain('aria-label="Wallet"')
      expect(scan(markup)).toBe(code)
    }
  })
})
