import type { Knex } from 'knex'
import { authenticate } from '@feathersjs/authentication'
import { BadRequest, Forbidden, NotAuthenticated } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'
import { callerIn, isObjectId, isReadMethod, refusal, serviceRules, servicePaths, type ShopCaller } from '@emporia/shared'
import type { ShopAccessRecord, ShopDirectory } from './shop-directory'
import { checkVerifiedMember } from './verify-required'
import { checkAdminTwoStep } from './two-step-required'

/** What scope-to-shop leaves in params for the service and later hooks. */
export interface ShopScope {
  shop: string
  shopRecord: ShopAccessRecord
  caller: ShopCaller
}

const refusals = {
  notMember: () => new Forbidden('You are not a member of this shop', { key: 'errors.notMember' }),
  role: () => new Forbidden('No Permission', { key: 'errors.noPermission' }),
  feature: () => new Forbidden('This feature is not enabled for the shop', { key: 'errors.featureOff' }),
  closing: () => new Forbidden('This shop is scheduled for deletion', { key: 'errors.shopClosing' })
}

const requestedShop = (context: HookContext): unknown => {
  const query = (context.params.query ?? {}) as Record<string, unknown>
  if (query.shop !== undefined) return query.shop
  const data = context.data as Record<string, unknown> | undefined
  if (data && !Array.isArray(data) && data.shop !== undefined) return data.shop
  return (context.params as { shop?: unknown }).shop
}

/**
 * Tenancy (spec §6.4, docs/decisions/0004-tenancy.md): an external call names its shop as `shop`
 * (query, or data on create); the caller must be a member whose role and the shop's features
 * allow this method (the shared permission table). The shop is then forced into the query, so
 * every read and write stays inside it, and handed to the service for the data.
 */
export const scopeToShop = (directory: ShopDirectory, path: string) => async (context: HookContext) => {
  const params = context.params as HookContext['params'] & Partial<ShopScope> & { user?: { _id: string } }
  const external = Boolean(params.provider)
  const wanted = requestedShop(context)
  if (!external && wanted === undefined) return
  if (external && !params.user) throw new NotAuthenticated('Not authenticated')
  if (wanted === undefined || wanted === null || wanted === '')
    throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
  // Only one plain id: operators such as {$in: [...]} or {$ne: x} would widen the scope.
  if (!isObjectId(wanted)) throw new BadRequest('"shop" must be one shop id', { field: 'shop' })
  const trx = (params as { transaction?: Knex.Transaction }).transaction
  let shopRecord = await directory.get(wanted, trx)
  if (external) {
    const rule = serviceRules[path]
    if (!rule) throw new Forbidden('No Permission', { key: 'errors.noPermission' })
    const reading = isReadMethod(context.method)
    // An unknown shop answers like a foreign one: no telling which shop ids exist.
    const refusalIn = (shop: typeof shopRecord) => {
      const caller = callerIn(shop ?? {}, params.user?._id)
      return { caller, why: refusal(reading ? rule.read : rule.write, caller, !reading) }
    }
    let { caller, why } = refusalIn(shopRecord)
    // A refusal is never taken from the cache alone: a switch just turned on (lots, a feature, a new
    // member) may not have reached this process's copy yet. Refusals are rare, so the re-read is cheap.
    if (why && !trx) {
      directory.forget(wanted)
      shopRecord = await directory.get(wanted)
      ;({ caller, why } = refusalIn(shopRecord))
    }
    if (why) throw refusals[why]()
    // A shop asked to be deleted is closed to its staff (decision 0211); its admins may still cancel.
    if (shopRecord?.deleteAfter && path !== servicePaths.shopDeletion) throw refusals.closing()
    checkVerifiedMember(shopRecord, params.user as { verified?: unknown })
    checkAdminTwoStep(shopRecord, caller, params.user as { twoStep?: unknown })
    params.caller = caller
  }
  if (!shopRecord) throw refusals.notMember()
  const { $shop: _flag, ...query } = (params.query ?? {}) as Record<string, unknown>
  params.query = { ...query, shop: wanted }
  params.shop = wanted
  params.shopRecord = shopRecord
  if (context.data && !Array.isArray(context.data) && typeof context.data === 'object') {
    context.data = { ...(context.data as Record<string, unknown>) }
    delete (context.data as Record<string, unknown>).shop
  }
}

/**
 * The hooks every shop-scoped path runs first, in this order: sign-in, then scope-to-shop. A hook
 * map spreads it (`all: [...shopScoped(directory, path), ownRule]`) instead of naming both.
 */
export const shopScoped = (directory: ShopDirectory, path: string) => [authenticate('jwt'), scopeToShop(directory, path)]
