import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Shop, ShopData, ShopPatch } from '@emporia/shared'
import { impliedRoles } from '@emporia/shared'
import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'
import { rebuildSales } from '../../domains/sales/rollup'
import { ChangeSet } from '../../domains/stock/changes'
import { applyStatusRule } from '../../domains/stock/product-stock'
import { RecordService, type RecordOptions, type RecordParams } from '../../platform/records/record-service'
import type { AppConfig } from '../../config'
import type { Clock } from '../../platform/http/service-context'
import { createTrial } from '../../domains/billing/subscriptions'
import { applyEntitlement } from '../../domains/billing/entitlement'
import { billingOff } from '../../domains/billing/billing-off'
import { createDefaultWarehouse } from '../warehouses/warehouses'
import { stripReadOnly } from '../../platform/records/validate-data'
import { writeShopSecrets } from '../../platform/secrets/shop-secrets'
import { checkAliasWrite } from '../../domains/eshop/domains/alias-rule'
import { checkOwnIcon } from './shop-icon'
import { applySettingsWrite, checkSettings, newShopCardFlags, prepareSettingsWrite, presentShop } from './shop-settings'
import { checkNewShopPos, checkPosBanners, posSettingsWrite, presentPosAccess } from './pos-settings'
import { checkSiteSettings, lowerSubdomain, touchesUiRule } from './site-settings'
import { auditUser, nameText, recordChange } from '../../domains/audit/audit-log'

type Caller = RecordParams & { user?: { _id: string; email: string } }
type Row = Record<string, unknown>

/** Whether a patch sets a field, plainly or through an operator (`$set`). */
const mentions = (data: unknown, field: string): boolean =>
  Boolean(data && typeof data === 'object') &&
  Object.entries(data as Record<string, unknown>).some(
    ([key, value]) => key === field || (key.startsWith('$') && mentions(value, field))
  )

/** Shop fields that are no setting an admin changed: members (the staff log has them), billing's, counters. */
const NOT_SETTINGS = ['users', 'attributes', 'plan', 'billingState', 'graceEnd', 'validUtil', 'nextOrderId', 'posCashiers']

const conflictOn = (error: unknown) => (error as { code?: number; data?: { constraint?: string } })?.data?.constraint

/** Shops (spec §3.1). Creating one makes the caller its admin and its default warehouse, in the same transaction. */
export class ShopService extends RecordService<Shop, ShopData, ShopPatch> {
  constructor(
    options: RecordOptions,
    private readonly billing: { config: Pick<AppConfig, 'billing' | 'trialDays'>; clock: Clock }
  ) {
    super(options)
  }

  override async create(input: ShopData | ShopData[], params: Caller = {}): Promise<Shop | Shop[]> {
    const data = Array.isArray(input)
      ? input.map((one) => lowerSubdomain(one as Row) as ShopData)
      : (lowerSubdomain(input as Row) as ShopData)
    if (!params.provider && (Array.isArray(data) || !prepareSettingsWrite(data as Row, false).touchesSettings))
      return super.create(data, params)
    if (Array.isArray(data)) throw new BadRequest('Create one shop at a time')
    // Card secrets go to shopSecrets in the create's transaction; the row only says they are set (0079).
    const settings = prepareSettingsWrite(data as Row, Boolean(params.provider))
    newShopCardFlags(settings)
    if (!params.provider) {
      const run = async (trx: Knex.Transaction) => {
        const shop = (await super.create(settings.data as ShopData, { ...params, transaction: trx })) as Shop
        await writeShopSecrets(trx, shop._id, settings.secrets)
        checkSettings(shop)
        return shop
      }
      return params.transaction ? run(params.transaction) : this.options.db.knex.transaction(run)
    }
    const user = params.user
    if (!user) throw new BadRequest('A shop needs an owner')
    checkNewShopPos(settings.data)
    const _id = newObjectId()
    const owner = {
      user: user._id,
      role: 'admin' as const,
      roles: [...impliedRoles('admin')],
      perm: [],
      accepted: true,
      posAccess: 'admin' as const,
      // As the members' sync names them (shop-users-sync.ts): no staff name yet, the e-mail's part before the @.
      name: user.email.split('@')[0]
    }
    const now = this.billing.clock.now()
    const record = {
      ...stripReadOnly(this.model, settings.data),
      _id,
      // The trial's end; applyEntitlement below writes it again from the subscription.
      validUtil: new Date(now.getTime() + this.billing.config.trialDays * 86_400_000).toISOString(),
      attributes: {},
      users: [owner]
    }
    try {
      return await this.options.db.knex.transaction(async (trx) => {
        // Server-owned fields are set here, so the create itself runs as an internal call; they are beyond
        // what a client's ShopData may hold, hence the cast.
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
        await writeShopSecrets(trx, _id, settings.secrets)
        if (settings.touchesSettings) checkSettings(shop)
        checkSiteSettings(shop)
        // A new shop starts its trial with every feature of the trial plan (decision 0129), in its own
        // create transaction: no shop ever exists without a subscription.
        await createTrial(trx, _id, now, this.billing.config)
        await applyEntitlement(trx, _id, { user: user._id, reason: 'trial' })
        return (await this._get(_id, { transaction: trx })) as Shop
      })
    } catch (error) {
      throw this.explain(error)
    }
  }

  override async patch(id: string | null, input: ShopPatch, params: RecordParams = {}): Promise<Shop | Shop[]> {
    try {
      // What is not an object is the base's to refuse.
      if (!input || typeof input !== 'object' || Array.isArray(input)) return await super.patch(id, input, params)
      const data = lowerSubdomain(input as Row) as ShopPatch
      const uiRule = touchesUiRule(data as Row)
      // A client's alias is one of the shop's verified domains (decision 0112).
      if (params.provider) await checkAliasWrite(this.options.db.knex, id, data as Row)
      // The shop's icon is one of its own pictures in the media library (settings/shop; decision 0178).
      if (params.provider && typeof (data as Row).icon === 'string')
        await checkOwnIcon(this.options.db.knex, id, (data as Row).icon as string)
      if (params.provider && typeof (data as Row).appIcon === 'string')
        await checkOwnIcon(this.options.db.knex, id, (data as Row).appIcon as string, 'appIcon')
      const settings = prepareSettingsWrite(data as Row, Boolean(params.provider))
      // Either switch changes what the stock says of a product's status (decisions 0070, 0178).
      const statusRule = mentions(data, 'resetInventoryStatus') || mentions(data, 'useInventory')
      const pos = posSettingsWrite(data as Row, Boolean(params.provider))
      if (id === null && (settings.touchesSettings || pos.bannersWritten || uiRule))
        throw new BadRequest('Checkout settings are changed one shop at a time')
      // A client's change of a shop is audited (decision 0137), so it runs in a transaction with its log row.
      const audited = Boolean(params.provider)
      if (id === null || (!audited && !statusRule && !settings.touchesSettings && !pos.bannersWritten && !uiRule))
        return await super.patch(id, settings.data as ShopPatch, params)
      let zoneChanged = false
      const run = async (trx: Knex.Transaction) => {
        const auditBefore = audited ? ((await trx('shops').where({ _id: id }).first()) as Row | undefined) : undefined
        // Secrets and settings are one write: a rule broken below rolls the secrets back too (0079).
        if (settings.touchesSettings) await applySettingsWrite(trx, id, settings)
        const before = (await trx('shops').where({ _id: id }).first('timeZone')) as { timeZone?: string | null } | undefined
        const shop = (await super.patch(id, settings.data as ShopPatch, { ...params, transaction: trx })) as Shop
        zoneChanged = (before?.timeZone ?? null) !== ((shop as { timeZone?: string | null }).timeZone ?? null)
        if (settings.touchesSettings) checkSettings((await trx('shops').where({ _id: id }).first()) as Row)
        if (pos.bannersWritten) await checkPosBanners(trx, id)
        if (uiRule) checkSiteSettings((await trx('shops').where({ _id: id }).first()) as Row)
        if (statusRule) {
          // "Reset Product Status" turned: the status rule runs over the shop's products in the same write (0070).
          const changes = new ChangeSet()
          await applyStatusRule(trx, id, changes)
          changes.publishAfter(trx, { app: this.app, counts: this.options.counts })
        }
        if (audited) {
          const after = (await trx('shops').where({ _id: id }).first()) as Row | undefined
          await recordChange(trx, {
            shop: id,
            user: auditUser(params),
            area: 'settings',
            action: 'settings.change',
            target: id,
            targetName: nameText(after?.name),
            before: auditBefore,
            after,
            exclude: NOT_SETTINGS
          })
        }
        return shop
      }
      if (params.transaction) return await run(params.transaction)
      const saved = await this.options.db.knex.transaction(run)
      // Past sales move to the new zone's days and hours (decision 0082). After the save, not in it: the
      // rebuild takes an exclusive lock on the shop's sales and, for a large shop, seconds.
      if (zoneChanged) await rebuildSales(this.options.db.knex, id)
      return saved
    } catch (error) {
      throw this.explain(error)
    }
  }

  /** Every shop answered (reads, writes and their events) without card secrets, with its next order id (0079). */
  protected override present(record: Row, params: RecordParams): Row {
    presentPosAccess(record)
    return presentShop(billingOff(record, this.billing.config), (params.query as Row | undefined)?.$select)
  }

  private explain(error: unknown) {
    if (error instanceof Conflict && conflictOn(error) === 'subdomain')
      return new Conflict('This subdomain is already taken', { key: 'errors.subdomainTaken', field: 'subdomain' })
    if (error instanceof Conflict && conflictOn(error) === 'alias')
      return new Conflict('This address is already used by another shop', { key: 'errors.aliasTaken', field: 'alias' })
    return error
  }
}
