import { describe, expect, it } from 'vitest'
import { applyHexInput, clampAlpha, formatColour, parseColour, withAlpha } from './colour'

describe('colour field rules (spec §5.6)', () => {
  it('applies a hex input only when it is a valid colour', () => {
    expect(applyHexInput('#000000', '#12')).toBeUndefined()
    expect(applyHexInput('#000000', 'zzzzzz')).toBeUndefined()
    expect(applyHexInput('#000000', '#ABCDEF')).toBe('#abcdef')
    expect(applyHexInput('#000000', 'fff')).toBe('#ffffff')
  })

  it('keeps the current alpha when a hex is typed', () => {
    expect(applyHexInput('rgba(0, 0, 0, 0.5)', '#ff0000')).toBe('rgba(255, 0, 0, 0.5)')
  })

  it('caps alpha at 1 and steps by 0.01', () => {
    expect(clampAlpha(1.7)).toBe(1)
    expect(clampAlpha(-1)).toBe(0)
    expect(clampAlpha(0.456)).toBe(0.46)
    expect(parseColour('rgba(1, 2, 3, 5)')).toEqual({ r: 1, g: 2, b: 3, a: 1 })
  })

  it('stores #rrggbb at alpha 1, rgba() otherwise', () => {
    expect(formatColour({ r: 255, g: 128, b: 0, a: 1 })).toBe('#ff8000')
    expect(formatColour({ r: 255, g: 128, b: 0, a: 0.25 })).toBe('rgba(255, 128, 0, 0.25)')
    expect(withAlpha('#ff8000', 0.5)).toBe('rgba(255, 128, 0, 0.5)')
    expect(withAlpha('rgba(255, 128, 0, 0.5)', 1)).toBe('#ff8000')
  })

  it('reads hex, short hex, 8-digit hex and rgb()/rgba()', () => {
    expect(parseColour('#abc')).toEqual({ r: 170, g: 187, b: 204, a: 1 })
    expect(parseColour('#ff000080')?.a).toBe(0.5)
    expect(parseColour('rgb(1,2,3)')).toEqual({ r: 1, g: 2, b: 3, a: 1 })
    expect(parseColour('rgb(300,2,3)')).toBeUndefined()
    expect(parseColour('red')).toBeUndefined()
  })
})
