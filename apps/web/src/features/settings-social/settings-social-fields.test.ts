import { describe, expect, it } from 'vitest'
import { socialSettingsPatch } from './settings-social-fields'

describe('social settings form', () => {
  it('trims links and clears emptied ones', () => {
    const patch = socialSettingsPatch({ socialFacebook: ' https://facebook.com/tea ', socialX: '  ' })
    expect(patch).toMatchObject({ socialFacebook: 'https://facebook.com/tea', socialX: null, socialWechat: null })
    expect(Object.keys(patch)).toHaveLength(8)
  })
})
