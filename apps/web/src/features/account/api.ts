import { servicePaths, type User, type UserPatch } from '@emporia/shared'
import { client } from '../../lib/feathers-client'

// One function per account call (spec §7.2); the screens never name a service themselves.
export const requestReset = (email: string) => client.service(servicePaths.usersReset).create({ action: 'request', email })
export const verifyReset = (email: string, token: string) =>
  client.service(servicePaths.usersReset).create({ action: 'verify', email, token })
export const resetPassword = (email: string, token: string, password: string) =>
  client.service(servicePaths.usersReset).create({ action: 'reset', email, token, password })
export const verifyAccount = (token: string): Promise<User> => client.service(servicePaths.usersVerify).create({ token })
export const resendVerification = () => client.service(servicePaths.usersResend).create({})
export const changePassword = (oldPassword: string, password: string) =>
  client.service(servicePaths.usersChangePassword).create({ oldPassword, password })
export const changeInfo = (id: string, patch: UserPatch): Promise<User> =>
  client.service(servicePaths.users).patch(id, patch) as Promise<User>
