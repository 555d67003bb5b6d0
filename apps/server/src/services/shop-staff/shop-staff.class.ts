import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import {
  roleIncludes,
  type ShopCaller,
  type ShopStaff,
  type ShopStaffData,
  type ShopStaffPatch,
  type ShopRole
} from '@emporia/shared'
import type { Knex } from 'knex'
import type { ShopUsersSync } from '../../platform/tenancy'
import { RecordService, type RecordOptions, type RecordParams } from '../../platform/records/record-service'
import { checkMemberLimit, checkStaffDiscounts } from '../../domains/billing/limits'
import { auditDiff, recordAudit } from '../../domains/audit/audit-log'

type Row = Record<string, unknown>

/** What an admin changes of a member: the audit log keeps each from → to (decision 0137). */
const AUDITED_FIELDS = ['name', 'role', 'perm', 'posAccess', 'monthlyDiscount', 'maxDiscount'] as const
const callerOf = (params: RecordParams) => (params as { user?: { _id?: string } }).user?._id ?? null
const staffAudit = (member: ShopStaff) => ({
  area: 'staff' as const,
  target: member._id,
  targetName: member.name || member.email
})

const alreadyMember = () =>
  new Conflict('This e-mail is already a member of the shop', { key: 'errors.alreadyMember', field: 'email' })

/** What the staff table's services are built from (shop-staff.ts `staffParts`). */
export interface StaffParts {
  options: RecordOptions
  sync: ShopUsersSync
  /** Mails the invitee, inside the invitation's transaction. */
  onInvited: (trx: Knex.Transaction, member: ShopStaff, params: RecordParams) => Promise<void>
  /** Billing is on (BILLING is not off): the plan's limits apply to members and their budgets (decision 0129). */
  billing: boolean
}

/**
 * Staff access of a shop (spec §3.3, settings/access): invitations by e-mail with a role and
 * permissions, role changes and removals. The same class serves sub-shops with its role fixed.
 */
export class ShopStaffService extends RecordService<ShopStaff, ShopStaffData, ShopStaffPatch> {
  private readonly sync: ShopUsersSync
  private readonly onInvited: StaffParts['onInvited']
  private readonly billing: boolean

  constructor(
    parts: StaffParts,
    /** Roles a client may give through this path. */
    private readonly roles: readonly ShopRole[]
  ) {
    super(parts.options)
    this.sync = parts.sync
    this.onInvited = parts.onInvited
    this.billing = parts.billing
  }

  private checkRole(data: Row, required: boolean, params: RecordParams) {
    if (!required && data.role === undefined) return
    if (!this.roles.includes(data.role as ShopRole))
      throw new BadRequest(`"role" must be one of ${this.roles.join(', ')}`, { key: 'format.invalid', field: 'role' })
    // Nobody grants a staff role above their own (admin ⊃ user ⊃ pos; a sub-shop stands apart, on its
    // admin-only path). Only admins reach these paths today (the permission table), so this holds by
    // construction; it is said here so that a wider row cannot break it.
    const caller = (params as { caller?: ShopCaller }).caller
    const granted = data.role === 'subshop' ? 'admin' : (data.role as ShopRole)
    if (caller && !roleIncludes(caller.role, granted))
      throw new Forbidden('You cannot grant a role above your own', { key: 'errors.noPermission', field: 'role' })
  }

  private shopOf(params: RecordParams) {
    if (!params.shop) throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
    return params.shop
  }

  override async create(data: ShopStaffData | ShopStaffData[], params: RecordParams = {}): Promise<ShopStaff | ShopStaff[]> {
    if (!params.provider) return super.create(data, params)
    if (Array.isArray(data)) throw new BadRequest('Invite one member at a time')
    const input = { ...(data as Row) }
    if (this.roles.length === 1 && input.role === undefined) input.role = this.roles[0]
    this.checkRole(input, true, params)
    if (typeof input.email === 'string') input.email = input.email.trim().toLowerCase()
    input.perm ??= []
    const shop = this.shopOf(params)
    try {
      return await this.options.db.knex.transaction(async (trx) => {
        await this.sync.lock(trx, shop)
        // The plan's seats and sub-shops, counted under the shop's lock; the budgets within its caps.
        await checkMemberLimit(trx, shop, String(input.role), this.billing)
        await checkStaffDiscounts(trx, shop, input, this.billing)
        const member = (await super.create(input as ShopStaffData, { ...params, transaction: trx })) as ShopStaff
        await this.onInvited(trx, member, params)
        await recordAudit(trx, {
          shop,
          user: callerOf(params),
          action: 'staff.invite',
          ...staffAudit(member),
          changes: auditDiff({}, member as unknown as Row, AUDITED_FIELDS)
        })
        return member
      })
    } catch (error) {
      if (error instanceof Conflict) throw alreadyMember()
      throw error
    }
  }

  override async patch(id: NullableId, data: ShopStaffPatch, params: RecordParams = {}): Promise<ShopStaff | ShopStaff[]> {
    if (!params.provider) return super.patch(id, data, params)
    if (id === null) throw new BadRequest('Change one member at a time')
    if ((data as Row | undefined)?.resend !== undefined) return this.resend(id, data as Row, params)
    this.checkRole(data as Row, false, params)
    const shop = this.shopOf(params)
    const result = await this.options.db.knex.transaction(async (trx) => {
      await this.sync.lock(trx, shop)
      await checkStaffDiscounts(trx, shop, data, this.billing)
      const before = await super.get(id, { ...params, transaction: trx })
      const member = (await super.patch(id, data, { ...params, transaction: trx })) as ShopStaff
      const changes = auditDiff(before as unknown as Row, member as unknown as Row, AUDITED_FIELDS)
      if (Object.keys(changes).length)
        await recordAudit(trx, { shop, user: callerOf(params), action: 'staff.change', ...staffAudit(member), changes })
      await this.sync.rewrite(trx, shop)
      return member
    })
    await this.sync.announce(shop)
    return result
  }

  /**
   * `patch {resend: true}`: mails a pending invitation again, counted with the shop's invitations an
   * hour (invitation-mail.ts); the entry itself is unchanged. A member who accepted needs no mail.
   */
  private async resend(id: Id, data: Row, params: RecordParams): Promise<ShopStaff> {
    if (data.resend !== true || Object.keys(data).length !== 1)
      throw new BadRequest('Send {resend: true} alone to mail an invitation again', { key: 'format.invalid', field: 'resend' })
    const shop = this.shopOf(params)
    return this.options.db.knex.transaction(async (trx) => {
      await this.sync.lock(trx, shop)
      // Not in this shop, or not of this path (a sub-shop through shop/staff): 404.
      const member = await super.get(id, { ...params, transaction: trx })
      if (!this.roles.includes(member.role)) throw new NotFound('No such invitation')
      if (member.accepted) throw alreadyMember()
      await this.onInvited(trx, member, params)
      await recordAudit(trx, { shop, user: callerOf(params), action: 'staff.resend', ...staffAudit(member) })
      return member
    })
  }

  override async remove(id: NullableId, params: RecordParams = {}): Promise<ShopStaff | ShopStaff[]> {
    if (!params.provider) return super.remove(id, params)
    if (id === null) throw new BadRequest('Remove one member at a time')
    const shop = this.shopOf(params)
    const result = await this.options.db.knex.transaction(async (trx) => {
      await this.sync.lock(trx, shop)
      const member = (await super.remove(id as Id, { ...params, transaction: trx })) as ShopStaff
      // A pending invitation is withdrawn; a member who had accepted is removed.
      await recordAudit(trx, {
        shop,
        user: callerOf(params),
        action: member.accepted ? 'staff.remove' : 'staff.withdraw',
        ...staffAudit(member),
        details: { role: member.role }
      })
      await this.sync.rewrite(trx, shop)
      return member
    })
    await this.sync.announce(shop)
    return result
  }
}
