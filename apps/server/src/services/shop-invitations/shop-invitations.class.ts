import { BadRequest, Conflict, Forbidden, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { Application, Id, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { isObjectId, servicePaths } from '@emporia/shared'
import type { ShopUsersSync } from '../../platform/tenancy'
import { recordAudit } from '../../domains/audit/audit-log'
import type { ShopInvitation } from './shop-invitations.schema'

const alreadyLinked = () =>
  new Conflict('This shop is already a sub-shop of a shop', { key: 'subShops.alreadyLinked', field: 'subShop' })

const isUniqueViolation = (error: unknown) => (error as { code?: string } | undefined)?.code === '23505'

/**
 * A sub-shop invitation may name the sub-shop's own shop (decision 0087): the accepting account must
 * be an accepted admin of it, it is not the inviting shop, and no other shop has it as a sub-shop.
 * This is the sub-shop's consent to the parent reading its sales and stock.
 */
const checkSubShopLink = async (
  trx: Knex.Transaction,
  invitation: { shop: string; role: string },
  subShop: unknown,
  user: string
) => {
  if (invitation.role !== 'subshop')
    throw new BadRequest('Only a sub-shop invitation links a shop', { key: 'subShops.notSubShopInvitation', field: 'subShop' })
  if (!isObjectId(subShop)) throw new BadRequest('"subShop" is invalid', { key: 'format.invalid', field: 'subShop' })
  const admin =
    subShop === invitation.shop
      ? undefined
      : await trx('shopMembers').where({ shop: subShop, user, role: 'admin', accepted: true }).first('_id')
  if (!admin) throw new Forbidden('You can only link a shop you administer', { key: 'subShops.notShopAdmin', field: 'subShop' })
  const taken = await trx('shopMembers').where({ subShop }).first('_id')
  if (taken) throw alreadyLinked()
}

type Caller = Params & { user?: { _id: string; email: string; verified?: boolean } }

/** The signed-in user's pending invitations (by their e-mail): list, accept (patch), decline (remove). */
export class ShopInvitationService {
  constructor(
    private readonly app: Application,
    private readonly knex: Knex,
    private readonly sync: ShopUsersSync
  ) {}

  /**
   * Invitations are addressed to an e-mail, so they belong to whoever proved they read it: anyone
   * may register an address, and an unverified account must not see, take or decline what was sent there.
   */
  private me(params: Caller) {
    if (!params.user) throw new NotAuthenticated('Not authenticated')
    if (params.user.verified !== true)
      throw new Forbidden('Please verify your e-mail address first', { key: 'errors.emailNotVerified' })
    return params.user
  }

  private pending(trx: Knex | Knex.Transaction, email: string) {
    return trx('shopMembers as m').join('shops as s', 's._id', 'm.shop').where({ 'm.email': email, 'm.accepted': false })
  }

  async find(params: Caller): Promise<ShopInvitation[]> {
    const user = this.me(params)
    return (await this.pending(this.knex, user.email)
      .select('m._id', 'm.shop', 's.name as shopName', 'm.role', 'm.perm', 'm.name', 'm.createdAt')
      .orderBy('m.createdAt', 'desc')
      .limit(100)) as ShopInvitation[]
  }

  async patch(id: Id | null, data: { accepted?: unknown; subShop?: unknown }, params: Caller) {
    const user = this.me(params)
    if (data?.accepted !== true) throw new BadRequest('Send {accepted: true} to accept', { field: 'accepted' })
    const unknown = Object.keys(data).find((field) => field !== 'accepted' && field !== 'subShop')
    if (unknown) throw new BadRequest(`"${unknown}" is not a known field`, { key: 'format.unknownField', field: unknown })
    const invitation = await this.invitation(id, user.email)
    const subShop = data.subShop ?? null
    const member = await this.knex.transaction(async (trx) => {
      await this.sync.lock(trx, invitation.shop)
      if (subShop !== null) await checkSubShopLink(trx, invitation, subShop, user._id)
      const [row] = (await trx('shopMembers')
        .where({ _id: invitation._id, accepted: false })
        .update({ user: user._id, accepted: true, updatedAt: trx.fn.now(), ...(subShop === null ? {} : { subShop }) })
        .returning('*')
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? alreadyLinked() : error
        })) as Record<string, unknown>[]
      if (!row) throw new NotFound('No such invitation')
      await recordAudit(trx, {
        shop: invitation.shop,
        user: user._id,
        area: 'staff',
        action: 'staff.accept',
        target: invitation._id,
        targetName: (row.name as string | null) || user.email,
        details: { role: row.role }
      })
      await this.sync.rewrite(trx, invitation.shop)
      return row
    })
    await this.sync.announce(invitation.shop)
    const path = member.role === 'subshop' ? servicePaths.subShops : servicePaths.shopStaff
    this.app.service(path).emit('patched', member)
    return member
  }

  async remove(id: Id | null, params: Caller) {
    const user = this.me(params)
    const invitation = await this.invitation(id, user.email)
    await this.knex.transaction(async (trx) => {
      const removed = await trx('shopMembers').where({ _id: invitation._id, accepted: false }).delete()
      if (removed)
        await recordAudit(trx, {
          shop: invitation.shop,
          user: user._id,
          area: 'staff',
          action: 'staff.decline',
          target: invitation._id,
          targetName: user.email,
          details: { role: invitation.role }
        })
    })
    return invitation
  }

  private async invitation(id: Id | null, email: string) {
    if (!isObjectId(id)) throw new NotFound('No such invitation')
    const found = (await this.pending(this.knex, email).select('m._id', 'm.shop', 'm.role').where('m._id', id).first()) as
      { _id: string; shop: string; role: string } | undefined
    if (!found) throw new NotFound('No such invitation')
    return found
  }
}
