import { servicePaths, type User, type UserPatch } from '@emporia/shared'
import { client } from '../../lib/feathers-client'

// One function per account call (spec §7.2); the screens never name a service themselves.
export const requestReset = (email: string, captcha: { captchaToken?: string } = {}) =>
  client.service(servicePaths.usersReset).create({ action: 'request', email, ...captcha })
export const verifyReset = (email: string, token: string) =>
  client.service(servicePaths.usersReset).create({ action: 'verify', email, token })
export const resetPassword = (email: string, token: string, password: string) =>
  client.service(servicePaths.usersReset).create({ action: 'reset', email, token, password })
export { resendVerification, verifyAccount } from '../../lib/account-verify'
/**
 * A password change ends every session opened before it (decision 0067), this one included, so the
 * fresh token it answers with is taken up at once: stored, and the socket signed in with it.
 */
export const changePassword = async (oldPassword: string, password: string): Promise<User> => {
  const { accessToken, ...user } = await client.service(servicePaths.usersChangePassword).create({ oldPassword, password })
  if (accessToken) await client.authenticate({ strategy: 'jwt', accessToken })
  return user
}
export const changeInfo = (id: string, patch: UserPatch): Promise<User> => client.service(servicePaths.users).patch(id, patch)

// Two-step sign-in and signed-in devices (decision 0136).
export const startTwoStep = () => client.service(servicePaths.usersTwoStep).create({ action: 'start' })
export const confirmTwoStep = (code: string) => client.service(servicePaths.usersTwoStep).create({ action: 'confirm', code })
export const newRecoveryCodes = (code: string) =>
  client.service(servicePaths.usersTwoStep).create({ action: 'recoveryCodes', code })
export const disableTwoStep = (password: string, code: string) =>
  client.service(servicePaths.usersTwoStep).create({ action: 'disable', password, code })
export const listSessions = () => client.service(servicePaths.usersSessions).find()
export const endSession = (id: string | null) => client.service(servicePaths.usersSessions).remove(id)
