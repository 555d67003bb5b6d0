import { describe, expect, it, vi } from 'vitest'

vi.mock('../../lib/auth', () => ({ settledSession: vi.fn() }))
vi.mock('../../lib/shop', () => ({ fetchShops: vi.fn(), getCurrentShopId: vi.fn(), setCurrentShopId: vi.fn() }))
vi.mock('../../lib/i18n/i18n', () => ({
  changeLanguage: vi.fn(),
  i18n: { t: (key: string, values: Record<string, string>) => `${key} ${values.name}` }
}))

const { applyLanguageParam, runSteps, StatusError } = await import('./steps')
const { changeLanguage } = await import('../../lib/i18n/i18n')

const input = {
  spec: { path: '', name: 'x', layout: 'default', access: 'public', shop: false, page: 'placeholder' },
  params: {},
  search: {},
  href: '/',
  queryClient: {}
} as Parameters<typeof runSteps>[1]

describe('runSteps', () => {
  it('runs the named steps in order, one after the other', async () => {
    const order: string[] = []
    const step = (name: string) => async () => {
      order.push(`${name}:start`)
      await new Promise((resolve) => setTimeout(resolve, 1))
      order.push(`${name}:end`)
    }
    await runSteps(['a', 'b'], input, { a: step('a'), b: step('b') })
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end'])
  })

  it('answers an unknown step with a 500 "Unknown middleware"', async () => {
    const error = await runSteps(['a', 'nope'], input, { a: () => undefined }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StatusError)
    expect(error).toMatchObject({ code: 500, message: 'error.unknownMiddleware nope' })
  })

  it('stops at the first step that throws (a redirect, a 404)', async () => {
    const later = vi.fn()
    await expect(
      runSteps(['a', 'b'], input, {
        a: () => {
          throw new Error('redirect')
        },
        b: later
      })
    ).rejects.toThrow('redirect')
    expect(later).not.toHaveBeenCalled()
  })
})

describe('applyLanguageParam', () => {
  const location = { pathname: '/no/such/page', hash: '' }

  it('applies a known ?lang=, stores it, and replaces the address without it (the 404 page too)', async () => {
    const thrown = (await applyLanguageParam({ lang: 'chs', tab: 'tags' }, location).catch((caught: unknown) => caught)) as {
      options: Record<string, unknown>
    }
    expect(changeLanguage).toHaveBeenCalledWith('chs')
    expect(thrown.options).toMatchObject({ to: '/no/such/page', search: { tab: 'tags' }, replace: true })
    expect(thrown.options.search).not.toHaveProperty('lang')
  })

  it('leaves an address without ?lang=, or with an unknown language, as it is', async () => {
    vi.mocked(changeLanguage).mockClear()
    await expect(applyLanguageParam({ tab: 'tags' }, location)).resolves.toBeUndefined()
    await expect(applyLanguageParam({ lang: 'fr' }, location)).resolves.toBeUndefined()
    expect(changeLanguage).not.toHaveBeenCalled()
  })
})
