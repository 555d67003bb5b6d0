import Taro from '@tarojs/taro'

/** A placeholder the server has not replaced (a build opened as built, in development). */
const unfilled = (value: string) => /^@@EMPORIA_[A-Z_]+@@$/.test(value)

/**
 * The base every call starts with: what the server wrote in place of `@@EMPORIA_API_BASE@@` (H5: the
 * storefront's path base, `/s/{subdomain}` or ''; the package: `https://host/...`). An H5 build served
 * without the replacement takes the part of its own address before `/_mini/`.
 */
export const apiBase = (): string => {
  const base = EMPORIA_API_BASE
  if (!unfilled(base)) return base
  if (process.env.TARO_ENV === 'h5' && typeof location !== 'undefined') return location.pathname.replace(/\/_mini(\/.*)?$/, '')
  return ''
}

/** The shop this build was filled in for (its id), naming what the phone keeps for it. */
export const shopKey = (): string => (unfilled(EMPORIA_SHOP) ? apiBase() || 'shop' : EMPORIA_SHOP)

export const isWeapp = () => process.env.TARO_ENV === 'weapp'

/** The storage of this shop: the cart, the session token, the language. */
export const stored = <T>(name: string): T | undefined => {
  try {
    const value = Taro.getStorageSync(`emporia-mini:${shopKey()}:${name}`) as T | '' | undefined
    return value === '' ? undefined : (value as T | undefined)
  } catch {
    return undefined
  }
}

export const store = (name: string, value: unknown) => {
  if (value === undefined || value === null) Taro.removeStorageSync(`emporia-mini:${shopKey()}:${name}`)
  else Taro.setStorageSync(`emporia-mini:${shopKey()}:${name}`, value)
}
