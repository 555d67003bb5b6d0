import { describe, expect, it } from 'vitest'
import { rankChangeReasons } from '@emporia/shared'
import { shopUsersMessages } from './shop-users.messages'

describe("a rank change's reason", () => {
  it('has words in every language for every reason the server writes ("等級規則變更", not "settings")', () => {
    for (const reason of rankChangeReasons)
      for (const language of ['en', 'cht', 'chs'] as const)
        expect((shopUsersMessages[language] as Record<string, string>)[`shopUser.rankLog.reason.${reason}`], reason).toMatch(/\S/)
    expect(shopUsersMessages.cht['shopUser.rankLog.reason.settings']).toBe('等級規則變更')
  })
})
