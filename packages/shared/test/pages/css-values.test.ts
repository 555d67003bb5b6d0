import { describe, expect, it } from 'vitest'
import { cssProblems, cssStyle, cssText } from '../../src/pages/css-style'
import {
  colorEntry,
  cssLength,
  cssUnits,
  dimensionEntry,
  fontSizePresets,
  formatColor,
  parseColor,
  parseDimension,
  sizeEntry,
  sizeLabel,
  stepDimension
} from '../../src/pages/css-values'

describe('editor CSS values (spec §5.6, §9.5)', () => {
  it('reads every CSS unit of §9.5 and defaults to px', () => {
    for (const unit of cssUnits) expect(parseDimension(`2${unit}`)).toEqual({ value: 2, unit })
    expect(parseDimension('12')).toEqual({ value: 12, unit: 'px' })
    expect(parseDimension(' 1.5 EM ')).toEqual({ value: 1.5, unit: 'em' })
    expect(parseDimension('12furlongs')).toBeUndefined()
    expect(parseDimension('abc')).toBeUndefined()
    expect(parseDimension(Number.NaN)).toBeUndefined()
  })

  it('dimension picker: ignores non-numbers, clears on empty, never below 0, px by default', () => {
    expect(dimensionEntry('abc')).toBeUndefined()
    expect(dimensionEntry('  ')).toBeNull()
    expect(dimensionEntry('-5')).toBe('0px')
    expect(dimensionEntry('-5em')).toBe('0em')
    expect(dimensionEntry('8')).toBe('8px')
    expect(dimensionEntry('50%')).toBe('50%')
  })

  it('size picker: accepts auto, at least 1, shows px without its unit', () => {
    expect(sizeEntry('auto')).toBe('auto')
    expect(sizeEntry('AUTO')).toBe('auto')
    expect(sizeEntry('0')).toBe('1px')
    expect(sizeEntry('x')).toBeUndefined()
    expect(sizeLabel('12px')).toBe('12')
    expect(sizeLabel('12em')).toBe('12em')
    expect(sizeLabel('auto')).toBe('auto')
  })

  it('steps by the arrow keys without going below the floor, keeping the unit and no float noise', () => {
    expect(stepDimension('3px', 1)).toBe('4px')
    expect(stepDimension('0px', -1)).toBe('0px')
    expect(stepDimension('1.1em', 1)).toBe('2.1em')
    expect(stepDimension('0.1em', 0.2)).toBe('0.3em')
    expect(stepDimension('auto', -1, 1)).toBe('1px')
    expect(stepDimension(null, 1)).toBe('1px')
  })

  it('keeps only valid non-negative lengths for rendering', () => {
    expect(cssLength(12)).toBe('12px')
    expect(cssLength('auto')).toBe('auto')
    expect(cssLength('auto', false)).toBeUndefined()
    expect(cssLength('-1px')).toBeUndefined()
    expect(cssLength('1px;color:red')).toBeUndefined()
    expect(cssLength('calc(1px)')).toBeUndefined()
    expect(fontSizePresets).toHaveLength(20)
  })

  it('colour field: valid colours only, alpha capped at 1 in 0.01 steps, #rrggbb at alpha 1 else rgba', () => {
    expect(parseColor('#abc')).toEqual({ r: 170, g: 187, b: 204, a: 1 })
    expect(parseColor('#11223380')).toEqual({ r: 17, g: 34, b: 51, a: 0.5 })
    expect(parseColor('rgba(1, 2, 3, 0.255)')).toEqual({ r: 1, g: 2, b: 3, a: 0.26 })
    expect(parseColor('rgba(1, 2, 3, 1.5)')).toBeUndefined()
    expect(parseColor('rgb(256, 0, 0)')).toBeUndefined()
    expect(parseColor('#ggg')).toBeUndefined()
    expect(parseColor('red')).toBeUndefined()
    // Long values are refused at once (a stored prop may hold up to 100,000 characters).
    expect(parseColor(`rgba(1, 2, 3, ${'1'.repeat(50_000)}`)).toBeUndefined()
    expect(parseColor(`rgba(1,2,3,0.${'0'.repeat(20)}5)`)).toEqual({ r: 1, g: 2, b: 3, a: 0 })
    expect(parseDimension('1'.repeat(41))).toBeUndefined()
    expect(formatColor({ r: 255, g: 0, b: 16, a: 1 })).toBe('#ff0010')
    expect(formatColor({ r: 255, g: 0, b: 16, a: 0.5 })).toBe('rgba(255, 0, 16, 0.5)')
    expect(formatColor({ r: 1, g: 2, b: 3, a: 1 }, 'rgba')).toBe('rgba(1, 2, 3, 1)')
    expect(formatColor({ r: 1, g: 2, b: 3, a: 7 })).toBe('#010203')
    expect(colorEntry('zzz')).toBeUndefined()
    expect(colorEntry('ff0000')).toBe('#ff0000')
    expect(colorEntry('#ff0000', 0.4)).toBe('rgba(255, 0, 0, 0.4)')
    expect(colorEntry('#ff000080', 1)).toBe('rgba(255, 0, 0, 0.5)')
  })

  it('turns the CSS editor value into a style, leaving out invalid fields, and names them', () => {
    const css = {
      fontFamily: 'Noto Sans',
      fontSize: 14,
      fontWeight: 700,
      color: '#112233',
      padding: { top: '4', left: '-2px' },
      border: { bottom: '1px', style: 'dashed', color: 'nope' },
      maxWidth: 'auto',
      textAlign: 'center',
      background: 'url(x)'
    }
    expect(cssStyle(css)).toEqual({
      fontFamily: "'Noto Sans'",
      fontSize: '14px',
      fontWeight: '700',
      color: '#112233',
      textAlign: 'center',
      paddingTop: '4px',
      borderBottomWidth: '1px',
      borderStyle: 'dashed'
    })
    expect(cssProblems(css).sort()).toEqual(['background', 'border.color', 'maxWidth', 'padding.left'])
    expect(cssProblems({ fontFamily: 'Comic Sans' })).toEqual(['fontFamily'])
    expect(cssProblems({ fontWeight: 950 })).toEqual(['fontWeight'])
    expect(cssText({ fontSize: '14px', paddingTop: '4px' })).toBe('font-size:14px;padding-top:4px')
    expect(cssStyle('color:red')).toEqual({})
  })
})
