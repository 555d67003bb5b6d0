import { describe, expect, it } from 'vitest'
import { createScanDetector } from './scanner'

/** Feeds the keys of `text` then Enter, `gap` ms apart from `start`; answers what Enter gave. */
const feed = (detector: ReturnType<typeof createScanDetector>, text: string, gap: number, start = 0) => {
  let at = start
  for (const key of text) {
    expect(detector.key(key, at)).toBeNull()
    at += gap
  }
  return detector.key('Enter', at)
}

describe('createScanDetector', () => {
  it('reads a fast burst ending in Enter as a scan', () => {
    expect(feed(createScanDetector(), '4891234567890', 5)).toBe('4891234567890')
  })

  it('leaves a person typing at 120 ms a key alone', () => {
    expect(feed(createScanDetector(), '4891234567890', 120)).toBeNull()
  })

  it('takes only the fast tail after a slow key (typed text, then a scan)', () => {
    const detector = createScanDetector()
    expect(detector.key('x', 0)).toBeNull()
    expect(feed(detector, 'ABC123', 3, 500)).toBe('ABC123')
  })

  it('refuses a burst shorter than the shortest code', () => {
    expect(feed(createScanDetector({ minLength: 4 }), '123', 2)).toBeNull()
  })

  it('refuses an Enter pressed long after the last key', () => {
    const detector = createScanDetector({ maxGap: 40 })
    for (const [i, key] of [...'12345678'].entries()) detector.key(key, i * 5)
    expect(detector.key('Enter', 35 + 500)).toBeNull()
  })

  it('ignores Shift and other named keys inside a burst', () => {
    const detector = createScanDetector()
    detector.key('Shift', 0)
    detector.key('A', 1)
    detector.key('Shift', 2)
    detector.key('b', 3)
    detector.key('1', 4)
    detector.key('2', 5)
    expect(detector.key('Enter', 6)).toBe('Ab12')
  })

  it('starts afresh after each scan', () => {
    const detector = createScanDetector()
    expect(feed(detector, '11112222', 4, 0)).toBe('11112222')
    expect(feed(detector, '33334444', 4, 10)).toBe('33334444')
    expect(detector.key('Enter', 60)).toBeNull()
  })
})
