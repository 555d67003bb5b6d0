import { describe, expect, it } from 'vitest'
import { miniSettingsChange } from './mini-settings-api'

describe('miniSettingsChange', () => {
  it('sends the id as typed, and the secret only when one was typed or removed', () => {
    expect(miniSettingsChange(' wx123456 ', '', false)).toEqual({ programId: 'wx123456' })
    expect(miniSettingsChange('wx123456', ' new-secret-1 ', false)).toEqual({ programId: 'wx123456', secret: 'new-secret-1' })
    expect(miniSettingsChange('', '', true)).toEqual({ programId: null, secret: null })
    // A typed secret wins over a removal asked before typing it.
    expect(miniSettingsChange('wx123456', 'typed-secret', true)).toEqual({ programId: 'wx123456', secret: 'typed-secret' })
  })
})
