import { Forbidden } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { DiscountApproval } from '@emporia/shared'
import { verifyPassword, type Throttle } from '../../services/authentication/authentication'
import { badField } from '../stock/quantities'

const refused = () =>
  new Forbidden('The approval was not accepted', { key: 'discount.approvalRefused', field: 'approval.password' })

/**
 * A manager's approval of a manual discount beyond the staff's limits (decision 0092): another member
 * of the shop with the admin role confirms at the till with their e-mail and password. It is checked
 * before the order's transaction so that a wrong password is counted (throttled as logins are) even
 * though the order is refused; nothing of it is stored but the approver's id in the order's pricing.
 * Which part was wrong is never said.
 */
export const checkApproval = async (
  knex: Knex,
  throttle: Throttle,
  shop: string,
  approval: unknown,
  staff: string | undefined
): Promise<string | null> => {
  if (approval === undefined || approval === null) return null
  const { email, password } = (typeof approval === 'object' ? approval : {}) as Partial<DiscountApproval>
  if (typeof email !== 'string' || !email.trim()) throw badField('approval.email', 'Required', 'format.required')
  if (typeof password !== 'string' || !password) throw badField('approval.password', 'Required', 'format.required')
  const keys = [`approval:email:${email.trim().toLowerCase()}`]
  await throttle.check(keys)
  const account = (await knex('users').where({ email: email.trim().toLowerCase() }).first('_id', 'password')) as
    { _id: string; password: string | null } | undefined
  const matches = await verifyPassword(account?.password, password)
  const manager =
    account && (await knex('shopMembers').where({ shop, user: account._id, role: 'admin', accepted: true }).first('_id'))
  if (!matches || !manager || account._id === staff) {
    await throttle.fail(keys)
    throw refused()
  }
  return account._id
}
