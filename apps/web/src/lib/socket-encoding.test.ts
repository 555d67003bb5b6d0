import { describe, expect, it } from 'vitest'
import { iosMajorVersion, wantsMsgpack } from './socket-encoding'

const iphone = (version: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS ${version} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version.split('_')[0]}.0 Mobile/15E148 Safari/604.1`
const ipad =
  'Mozilla/5.0 (iPad; CPU OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.1 Mobile/15E148 Safari/604.1'
const chromeOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1'
const macSafari = (version: string) =>
  `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version} Safari/605.1.15`
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'
const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'

describe('the socket encoding (spec §7.1)', () => {
  it('reads the iOS version of iPhones, iPads and in-app browsers, and of an iPad asking for desktop pages', () => {
    expect(iosMajorVersion(iphone('15_0'))).toBe(15)
    expect(iosMajorVersion(iphone('14_8_1'))).toBe(14)
    expect(iosMajorVersion(ipad)).toBe(16)
    expect(iosMajorVersion(chromeOnIphone)).toBe(17)
    expect(iosMajorVersion(macSafari('15.6'), 5)).toBe(15)
    // A Mac (no touch screen), Android and Windows are not iOS.
    expect(iosMajorVersion(macSafari('17.1'), 0)).toBeUndefined()
    expect(iosMajorVersion(android, 5)).toBeUndefined()
    expect(iosMajorVersion(windows)).toBeUndefined()
  })

  it('chooses msgpack on iOS 15 and later only, unless the address says otherwise', () => {
    expect(wantsMsgpack({ search: '', userAgent: iphone('15_0') })).toBe(true)
    expect(wantsMsgpack({ search: '', userAgent: iphone('18_1') })).toBe(true)
    expect(wantsMsgpack({ search: '', userAgent: macSafari('16.0'), maxTouchPoints: 5 })).toBe(true)
    expect(wantsMsgpack({ search: '', userAgent: iphone('14_8') })).toBe(false)
    expect(wantsMsgpack({ search: '', userAgent: android })).toBe(false)
    expect(wantsMsgpack({ search: '', userAgent: macSafari('17.1') })).toBe(false)
    expect(wantsMsgpack({ search: '?msgpack=1', userAgent: windows })).toBe(true)
    expect(wantsMsgpack({ search: '?msgpack=0', userAgent: iphone('17_0') })).toBe(false)
  })
})
