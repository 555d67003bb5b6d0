import { describe, expect, it } from 'vitest'
import { checkBanners, posBannersOf, posBannersPatch } from './settings-pos-banners-fields'

const a = 'a'.repeat(24)
const b = 'b'.repeat(24)

describe('POS banners form (decision 0099)', () => {
  it('round-trips the shop banners in their order, titles only when written', () => {
    const shop = {
      posBanners: [
        { image: a, enabled: true, title: { en: 'Sale', cht: '減價' } },
        { image: b, enabled: false }
      ]
    }
    const values = posBannersOf(shop as never)
    expect(posBannersPatch(values)).toEqual(shop)
    // The picker's value is an imageRef; the shop stores the id.
    expect((values.posBanners as { image: unknown }[])[1].image).toEqual({ type: 'attachment', attachment: b })
    expect(
      posBannersPatch({ posBanners: [{ image: { type: 'attachment', attachment: a }, title: { en: ' ' }, enabled: 1 }] })
    ).toEqual({
      posBanners: [{ image: a, enabled: true }]
    })
  })

  it('needs a picture on every banner and at most 20', () => {
    expect(checkBanners([{ image: null, title: 'x', enabled: true }])).toBe('posBanners.imageRequired')
    expect(checkBanners([{ image: { type: 'attachment', attachment: a }, enabled: true }])).toBeUndefined()
    expect(
      checkBanners(Array.from({ length: 21 }, () => ({ image: { type: 'attachment', attachment: a }, enabled: true })))
    ).toBe('posBanners.tooMany')
    expect(checkBanners(undefined)).toBeUndefined()
  })
})
