import { describe, expect, it } from 'vitest'
import { weightUnits } from '@emporia/shared'
import { posUnitKey } from './pos-units'
import { posUnitsMessages } from './pos-units.messages'

describe("the till's weight units", () => {
  it('names every unit in every language: 兩, not tael, in cht', () => {
    for (const unit of weightUnits)
      for (const language of ['en', 'cht', 'chs'] as const) expect(posUnitsMessages[language][posUnitKey(unit)!]).toBeTruthy()
    expect(posUnitsMessages.cht[posUnitKey('tael')!]).toBe('兩')
    expect(posUnitsMessages.cht[posUnitKey('hk_catty')!]).toBe('斤')
    expect(posUnitKey('stone')).toBeUndefined()
  })
})
