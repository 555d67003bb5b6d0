import { servicePaths, type User } from '@emporia/shared'
import { client } from '../../lib/feathers-client'

// The account's own verification calls (spec §7.2), as the verify page makes them; a feature does not import another's.
export const verifyAccount = (token: string): Promise<User> => client.service(servicePaths.usersVerify).create({ token })
export const resendVerification = () => client.service(servicePaths.usersResend).create({})
