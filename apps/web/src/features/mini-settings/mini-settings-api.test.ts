import { describe, expect, it } from 'vitest'
import { fetchMiniPackage, MINI_PACKAGE_URL, miniSettingsChange, packageReady } from './mini-settings-api'

describe('miniSettingsChange', () => {
  it('sends the id as typed, and the secret only when one was typed or removed', () => {
    expect(miniSettingsChange(' wx123456 ', '', false)).toEqual({ programId: 'wx123456' })
    expect(miniSettingsChange('wx123456', ' new-secret-1 ', false)).toEqual({ programId: 'wx123456', secret: 'new-secret-1' })
    expect(miniSettingsChange('', '', true)).toEqual({ programId: null, secret: null })
    // A typed secret wins over a removal asked before typing it.
    expect(miniSettingsChange('wx123456', 'typed-secret', true)).toEqual({ programId: 'wx123456', secret: 'typed-secret' })
  })
})

describe('the mini-program package download', () => {
  it('opens once a program id is saved', () => {
    expect(packageReady({ programId: null })).toBe(false)
    expect(packageReady({ programId: '' })).toBe(false)
    expect(packageReady({ programId: 'wx123456' })).toBe(true)
  })

  it('asks for the shop’s package with the staff token and throws the server’s refusal as it came', async () => {
    const asked: { url: string; init?: RequestInit }[] = []
    const zip = new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'content-type': 'application/zip' } })
    const answered = await fetchMiniPackage('shop 1', 'jwt-token', async (url, init) => {
      asked.push({ url: String(url), init })
      return zip
    })
    expect(answered).toBe(zip)
    expect(asked).toEqual([
      { url: `${MINI_PACKAGE_URL}?shop=shop%201`, init: { headers: { authorization: 'Bearer jwt-token' } } }
    ])
    expect(MINI_PACKAGE_URL).toBe('/api/mini/package')
    const refusal = {
      name: 'BadRequest',
      code: 400,
      message: 'Save the mini-program id first',
      data: { key: 'mini.noProgramId' }
    }
    await expect(
      fetchMiniPackage('shop-1', 'jwt-token', async () => new Response(JSON.stringify(refusal), { status: 400 }))
    ).rejects.toEqual(refusal)
    await expect(
      fetchMiniPackage(
        'shop-1',
        'jwt-token',
        async () => new Response('gateway down', { status: 502, statusText: 'Bad Gateway' })
      )
    ).rejects.toEqual({ code: 502, message: 'Bad Gateway' })
  })
})
