import { describe, expect, it } from 'vitest'
import { evaluateExpression } from './expression'

describe('number expressions (spec §5.1 badExp)', () => {
  it.each([
    ['12', 12],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['2+3*4', 14],
    ['(2+3)*4', 20],
    ['10/4', 2.5],
    ['10%3', 1],
    ['-3+1', -2],
    ['-(2+1)', -3],
    ['1,200 + 1', 1201],
    [' 0.1 + 0.2 ', 0.3],
    ['2*-3', -6]
  ])('%s = %s', (text, value) => {
    expect(evaluateExpression(text)).toEqual({ ok: true, value })
  })

  it.each(['', '2*', '(1+2', '1+2)', 'abc', '1/0', 'alert(1)', '2**3', '1e3', 'constructor'])('refuses %j', (text) => {
    expect(evaluateExpression(text).ok).toBe(false)
  })

  it('passes finite numbers through', () => {
    expect(evaluateExpression(7)).toEqual({ ok: true, value: 7 })
    expect(evaluateExpression(Number.NaN).ok).toBe(false)
  })
})
