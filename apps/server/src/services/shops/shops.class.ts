import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Shop, ShopData, ShopPatch } from '@emporia/shared'
import { impliedRoles } from '@emporia/shared'
import type { Knex } from 'knex'
import { newObjectId } from '../../platform/object-id'
import { ChangeSet } from '../../ledger/changes'
import { applyStatusRule } from '../../ledger/product-stock'
import { RecordService, type RecordParams } from '../../records/record-service'
import { createDefaultWarehouse } from '../warehouses/warehouses'
import { stripReadOnly } from '../../records/validate-data'

/** A new shop's free trial (spec §4.3; decided in docs/decisions/0020-accounts-and-tenancy.md). */
export const TRIAL_DAYS = 30

type Caller = RecordParams & { user?: { _id: string; email: string } }

/** Whether a patch sets a field, plainly or through an operator (`$set`). */
const mentions = (data: unknown, field: string): boolean =>
  Boolean(data && typeof data === 'object') &&
  Object.entries(data as Record<string, unknown>).some(
    ([key, value]) => key === field || (key.startsWith('$') && mentions(value, field))
  )

const conflictOn = (error: unknown) => (error as { code?: number; data?: { constraint?: string } })?.data?.constraint

/** Shops (spec §3.1). Creating one makes the caller its admin and its default warehouse, in the same transaction. */
export class ShopService extends RecordService<Shop, ShopData, ShopPatch> {
  override async create(data: ShopData | ShopData[], params: Caller = {}): Promise<Shop | Shop[]> {
    if (!params.provider) return super.create(data, params)
    if (Array.isArray(data)) throw new BadRequest('Create one shop at a time')
    const user = params.user
    if (!user) throw new BadRequest('A shop needs an owner')
    const _id = newObjectId()
    const owner = { user: user._id, role: 'admin' as const, roles: [...impliedRoles('admin')], perm: [], accepted: true }
    const record = {
      ...stripReadOnly(this.model, data as Record<string, unknown>),
      _id,
      validUtil: new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString(),
      attributes: {},
      users: [owner]
    }
    try {
      return await this.options.db.knex.transaction(async (trx) => {
        // Server-owned fields are set here, so the create itself runs as an internal call.
        const shop = (await super.create(record as unknown as ShopData, {
          ...params,
          provider: undefined,
          transaction: trx
        })) as Shop
        await trx('shopMembers').insert({
          _id: newObjectId(),
          shop: _id,
          user: user._id,
          email: user.email,
          role: 'admin',
          perm: JSON.stringify([]),
          accepted: true
        })
        await createDefaultWarehouse(trx, _id)
        return shop
      })
    } catch (error) {
      throw this.explain(error)
    }
  }

  override async patch(id: string | null, data: ShopPatch, params: RecordParams = {}): Promise<Shop | Shop[]> {
    try {
      if (id === null || !mentions(data, 'resetInventoryStatus')) return await super.patch(id, data, params)
      // "Reset Product Status" turned: the status rule runs over the shop's products in the same write (0070).
      const run = async (trx: Knex.Transaction) => {
        const shop = (await super.patch(id, data, { ...params, transaction: trx })) as Shop
        const changes = new ChangeSet()
        await applyStatusRule(trx, id, changes)
        changes.publishAfter(trx, { app: this.app, counts: this.options.counts })
        return shop
      }
      return await (params.transaction ? run(params.transaction) : this.options.db.knex.transaction(run))
    } catch (error) {
      throw this.explain(error)
    }
  }

  private explain(error: unknown) {
    if (error instanceof Conflict && conflictOn(error) === 'subdomain')
      return new Conflict('This subdomain is already taken', { key: 'errors.subdomainTaken', field: 'subdomain' })
    if (error instanceof Conflict && conflictOn(error) === 'alias')
      return new Conflict('This address is already used by another shop', { key: 'errors.aliasTaken', field: 'alias' })
    return error
  }
}
