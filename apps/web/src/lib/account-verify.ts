import { servicePaths, type User } from '@emporia/shared'
import { client } from './feathers-client'

// The account's own verification calls (spec §7.2): the verify page and a shop's verify gate both make them.
export const verifyAccount = (token: string): Promise<User> => client.service(servicePaths.usersVerify).create({ token })
export const resendVerification = () => client.service(servicePaths.usersResend).create({})
