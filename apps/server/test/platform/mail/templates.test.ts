import { localeIds } from '@emporia/shared'
import { escapeHtml, localiseMinutes, renderMail } from '../../../src/platform/mail/templates'
import { platformMailTypes as mailTypes } from '../../../src/platform/mail/types'

describe('mail templates', () => {
  it('renders every type in every language with a subject, HTML and text', () => {
    for (const type of mailTypes) {
      const subjects = new Set<string>()
      for (const locale of localeIds) {
        const mail = renderMail(type, locale, {
          code: '123456',
          name: 'Ann',
          minutes: 15,
          shopName: 'Tea House',
          inviter: 'Bo',
          role: 'pos',
          link: 'https://example.com/login'
        })
        subjects.add(mail.subject)
        // A subject is fixed wording: never the shop's own text (decision 0123).
        expect(mail.subject).not.toContain('Tea House')
        if (type !== 'shopSignIn') expect(mail.subject).toMatch(/Emporia/)
        expect(mail.html).toContain('<!doctype html>')
        expect(mail.text).toContain('Ann')
        expect(mail.html).toContain('Ann')
        // Only mails with an expiry carry the code; the others never show a stray one.
        const codeless: readonly string[] = [
          'passwordChanged',
          'invitation',
          'trialEnding',
          'planEnding',
          'domainFailing',
          'domainExpiring'
        ]
        if (codeless.includes(type)) expect(mail.text).not.toContain('123456')
        else expect(mail.html).toContain('123456')
        if (type !== 'verify' && type !== 'resetPassword' && type !== 'passwordChanged') expect(mail.text).toContain('Tea House')
      }
      // en, cht and chs are three different texts, not a copy of one
      expect(subjects.size).toBe(localeIds.length)
    }
  })

  it('writes Traditional Chinese for cht and Simplified for chs', () => {
    expect(renderMail('resetPassword', 'cht', { code: '1' }).subject).toContain('重設')
    expect(renderMail('resetPassword', 'cht', { code: '1' }).subject).toContain('密碼')
    expect(renderMail('resetPassword', 'chs', { code: '1' }).subject).toContain('密码')
    expect(renderMail('verify', 'cht', { code: '1' }).html).toContain('lang="zh-hk"')
    expect(renderMail('verify', 'chs', { code: '1' }).html).toContain('lang="zh-cn"')
  })

  it('says when the code expires, from the minutes the caller gives, in the mail language', () => {
    expect(renderMail('resetPassword', 'en', { code: '111111', minutes: 15 }).text).toContain('expires in 15 minutes')
    expect(renderMail('verify', 'en', { code: '111111', minutes: 24 * 60 }).text).toContain('expires in 24 hours')
    expect(renderMail('verify', 'cht', { code: '111111', minutes: 24 * 60 }).text).toContain('24 小時後失效')
    expect(renderMail('resetPassword', 'chs', { code: '111111', minutes: 15 }).text).toContain('15 分钟后失效')
    // without minutes: the defaults (verify 24 hours, reset 15 minutes)
    expect(renderMail('verify', 'en', { code: '111111' }).values.expiresIn).toBe('24 hours')
    expect(renderMail('resetPassword', 'en', { code: '111111' }).values.expiresIn).toBe('15 minutes')
    expect(renderMail('verify', 'en', { code: '1', expiresIn: 'a day' }).text).toContain('expires in a day')
    expect(localiseMinutes(1, 'en')).toBe('1 minute')
    expect(localiseMinutes(90, 'en')).toBe('90 minutes')
  })

  it('escapes every value in the HTML and keeps it readable in the text', () => {
    const name = `<script>alert("x")</script> & 'friends'`
    const mail = renderMail('verify', 'en', { code: '<b>1</b>', name })
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<b>1</b>')
    expect(mail.html).toContain(escapeHtml(name))
    expect(mail.html).toContain('&lt;b&gt;1&lt;/b&gt;')
    expect(mail.text).toContain(name)
  })

  it('greets without a name when there is none, and refuses a code mail without a code', () => {
    expect(renderMail('passwordChanged', 'en', {}).text.startsWith('Hello,')).toBe(true)
    expect(renderMail('passwordChanged', 'cht', { name: '陳大文' }).text.startsWith('陳大文 您好：')).toBe(true)
    expect(() => renderMail('verify', 'en', { name: 'Ann' })).toThrow(/code/)
  })
})

describe('shop-controlled text in platform mails (issue 28)', () => {
  // A shop name may be 1,000 characters: a phishing letter, with a link, mailed by us to any address.
  const lure = `Your bank account is suspended.\nVisit https://evil.example/login now\u202e ${'x'.repeat(1000)}`

  it('never puts a shop-controlled value in a subject', () => {
    for (const type of mailTypes) {
      for (const locale of localeIds) {
        const mail = renderMail(type, locale, { code: '123456', shopName: lure, inviter: lure, name: lure, role: 'pos' })
        expect(mail.subject).not.toMatch(/bank|evil|xxx/)
        expect(mail.subject).not.toContain('{')
      }
    }
  })

  it('quotes it in the body trimmed to 60 characters, on one line, with no link a mail client could follow', () => {
    for (const type of ['shopSignIn', 'invitation'] as const) {
      const mail = renderMail(type, 'en', {
        code: '123456',
        shopName: lure,
        inviter: 'Bo',
        role: 'Staff',
        link: 'https://emporia.test/login'
      })
      const quoted = /“([^”]*)”/.exec(mail.text)?.[1] ?? ''
      expect(quoted.startsWith('Your bank account is suspended. Visit')).toBe(true)
      expect(quoted.endsWith('…')).toBe(true)
      expect(Array.from(quoted)).toHaveLength(61)
      expect(mail.text).not.toContain('xxxxxxxxxx')
      expect(`${mail.text}${mail.html}`).not.toMatch(/https?:\/\/evil|evil\.example|\u202e/)
      expect(mail.html).not.toContain('href')
      expect(mail.text).not.toMatch(/suspended\.\n/)
    }
    // An ordinary name reads as typed.
    expect(renderMail('shopSignIn', 'cht', { code: '1', shopName: '  茶館 Tea House ' }).text).toContain('「茶館 Tea House」')
  })
})
