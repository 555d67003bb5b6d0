import Taro from '@tarojs/taro'
import { call, TOKEN } from './api'
import { store, stored } from './runtime'

/** Whether this phone signed in (the H5 session is an httpOnly cookie: the page cannot read it). */
const SIGNED_IN = 'signed-in'
export const signedIn = () => stored<boolean>(SIGNED_IN) === true
const remember = (yes: boolean) => store(SIGNED_IN, yes ? true : undefined)

/**
 * The member's sign-in inside the messaging platform (decision 0207): the platform's one-time login
 * code, exchanged by the shop's server for a session token kept on the phone and sent as a Bearer.
 */
export const platformSignIn = async (nickname?: string) => {
  const { code } = await Taro.login()
  const answer = await call<{ token: string }>('POST', '/_commerce/mini/sign-in', {}, { code, ...(nickname ? { nickname } : {}) })
  store(TOKEN, answer.token)
  remember(true)
  return answer
}

/** H5 has no platform login: the storefront's e-mail code, its session a cookie of the shop's own address. */
export const requestEmailCode = (email: string, lang: string) =>
  call<{ sent: boolean }>('POST', '/_commerce/account/code', { lang }, { email: email.trim() })

export const emailSignIn = async (email: string, code: string, lang: string, firstName?: string) => {
  const answer = await call<{ signedIn?: boolean; register?: boolean }>(
    'POST',
    '/_commerce/account/sign-in',
    { lang },
    { email: email.trim(), code: code.trim(), ...(firstName ? { firstName } : {}) }
  )
  if (answer.signedIn) remember(true)
  return answer
}

export const signOut = async () => {
  store(TOKEN, undefined)
  remember(false)
  await call('POST', '/_commerce/account/sign-out', {}, {}).catch(() => undefined)
}
