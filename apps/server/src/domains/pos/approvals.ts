import { BadRequest, Forbidden, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import {
  POS_APPROVAL_TTL_MS,
  POS_SERVE_TTL_MS,
  canApproveAtTill,
  displayName,
  isObjectId,
  posApprovalActions,
  type PosAccessType,
  type PosApproval,
  type PosApprovalAction,
  type PosApprovalData
} from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'
import { recordAudit } from '../audit/audit-log'
import type { Throttle } from '../../services/authentication/authentication'
import { badField } from '../stock/quantities'
import { checkPin } from './staff-pin'

/*
 * Manager approval at the till (issue 31, decision 0135). The cashier signed in at the till asks; a
 * manager of the same shop types their PIN on that device; a row naming both is kept (`posApprovals`).
 * A discount or refund approval is then sent with the order or refund, and spent in its transaction
 * (`spendApproval`); a drawer approval is spent as it is given, the till opening the drawer on its answer.
 * Rows are never changed afterwards but for `usedAt`, and never removed: no door offers either.
 */

type Row = Record<string, unknown>

const FIELDS = new Set(['action', 'manager', 'pin', 'order', 'amount'])

/** The request as sent, checked field by field (every door: REST, socket). */
export const checkApprovalData = (data: unknown): PosApprovalData => {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new BadRequest('Data must be an object')
  const record = data as Row
  for (const key of Object.keys(record))
    if (!FIELDS.has(key)) throw badField(key, `"${key}" cannot be set here`, 'format.unknownField')
  if (!posApprovalActions.includes(record.action as PosApprovalAction))
    throw badField('action', '"action" must be drawer, discount, refund or serve', 'format.required')
  if (!isObjectId(record.manager)) throw badField('manager', 'Pick the manager who approves', 'format.required')
  if (typeof record.pin !== 'string' || !record.pin) throw badField('pin', 'Type the PIN', 'format.required')
  if (record.order !== undefined && !isObjectId(record.order)) throw badField('order', '"order" must be an order id')
  if (
    record.amount !== undefined &&
    (typeof record.amount !== 'number' || !Number.isSafeInteger(record.amount) || record.amount < 0)
  )
    throw badField('amount', '"amount" must be a whole number of cents, 0 or more', 'format.integer')
  return record as unknown as PosApprovalData
}

interface Member {
  user: string
  name: string | null
  role: string
  posAccess: PosAccessType | null
}

const memberOf = async (trx: Knex | Knex.Transaction, shop: string, user: string) =>
  (await trx('shopMembers').where({ shop, user, accepted: true }).first('user', 'name', 'role', 'posAccess')) as
    Member | undefined

const noSuchManager = () => new NotFound('No such manager in this shop', { key: 'pos.error.noSuchManager', field: 'manager' })
const notManager = () =>
  new Forbidden('This member cannot approve at the till', { key: 'pos.error.notManager', field: 'manager' })
const ownApproval = () => new BadRequest('Another member must approve', { key: 'pos.error.approveOwn', field: 'manager' })
const noSuchStaff = () => new NotFound('No such member in this shop', { key: 'pos.error.noSuchStaff', field: 'manager' })
const serveOwn = () => new BadRequest('Pick a colleague to hand the till to', { key: 'pos.error.serveOwn', field: 'manager' })

/** The manager's name as the shop knows them (their staff name), else their account's. */
const nameOf = async (trx: Knex | Knex.Transaction, member: Member) => {
  if (member.name?.trim()) return member.name.trim()
  const user = (await trx('users').where({ _id: member.user }).first('_id', 'email', 'title', 'firstName', 'lastName')) as
    Parameters<typeof displayName>[0] | undefined
  return displayName(user)
}

export interface ApprovalCaller {
  shop: string
  cashier: string
  address?: string
}

/**
 * Gives an approval: the manager is an accepted member of this shop (404 otherwise, whatever else they
 * are elsewhere), at the till a manager or admin (403), not the cashier themself (400); their PIN is right
 * (checked and throttled before the write, so a wrong one counts though nothing is written). Then, in
 * `transaction` (the shop's wall), the row and its audit entry; a drawer approval is spent at once.
 */
export const giveApproval = async (
  knex: Knex,
  throttle: Throttle,
  transaction: <T>(run: (trx: Knex.Transaction) => Promise<T>) => Promise<T>,
  caller: ApprovalCaller,
  data: PosApprovalData
): Promise<PosApproval> => {
  // `serve` (decision 0135): the till handed to a colleague, any member of this shop, confirmed by their PIN.
  const serve = data.action === 'serve'
  if (data.manager === caller.cashier) throw serve ? serveOwn() : ownApproval()
  const member = await memberOf(knex, caller.shop, data.manager)
  if (!member) throw serve ? noSuchStaff() : noSuchManager()
  if (!serve && !canApproveAtTill(member)) throw notManager()
  await checkPin(knex, throttle, data.manager, data.pin, caller.address)
  const managerName = await nameOf(knex, member)
  return transaction(async (trx) => {
    const now = new Date()
    const details = {
      managerName,
      ...(data.order ? { order: data.order } : {}),
      ...(data.amount !== undefined ? { amount: data.amount } : {})
    }
    const row = {
      _id: newObjectId(),
      shop: caller.shop,
      action: data.action,
      cashier: caller.cashier,
      manager: data.manager,
      details: JSON.stringify(details),
      createdAt: now,
      updatedAt: now,
      // The drawer opens on this answer: nothing else will spend it.
      usedAt: data.action === 'drawer' ? now : null
    }
    await trx('posApprovals').insert(row)
    await recordAudit(trx, {
      shop: caller.shop,
      user: caller.cashier,
      area: 'pos',
      action: `approval.${data.action}`,
      target: row._id,
      targetName: managerName,
      details: { manager: data.manager, ...details }
    })
    return {
      _id: row._id,
      shop: caller.shop,
      action: data.action,
      cashier: caller.cashier,
      manager: data.manager,
      managerName,
      createdAt: now.toISOString()
    }
  })
}

export const approvalInvalid = () =>
  new BadRequest("The manager's approval is not valid (already used, too old or for something else): ask again", {
    key: 'pos.error.approvalInvalid',
    field: 'approval'
  })

/**
 * Spends an approval in the action's transaction (the row is locked: two actions cannot both spend
 * it): of this shop, for this action, asked for by this cashier, unused and fresh; its manager still
 * an accepted member who may approve. Answers the manager's id. Every refusal is the same 400.
 */
export const spendApproval = async (
  trx: Knex.Transaction,
  want: { shop: string; id: unknown; cashier: string | undefined; action: PosApprovalAction; order?: string },
  now = Date.now()
): Promise<string> => {
  if (!isObjectId(want.id) || !want.cashier) throw approvalInvalid()
  const row = (await trx('posApprovals').where({ _id: want.id, shop: want.shop }).forUpdate().first()) as
    | {
        _id: string
        action: string
        cashier: string
        manager: string
        details: { order?: string } | null
        createdAt: string | Date
        usedAt: unknown
      }
    | undefined
  if (
    !row ||
    // An approval given for one order's refund is for that order only.
    (want.order !== undefined && row.details?.order !== undefined && row.details.order !== want.order) ||
    row.action !== want.action ||
    row.cashier.trim() !== want.cashier ||
    row.usedAt !== null ||
    new Date(row.createdAt).getTime() < now - POS_APPROVAL_TTL_MS
  )
    throw approvalInvalid()
  const member = await memberOf(trx, want.shop, row.manager.trim())
  if (!member || !canApproveAtTill(member)) throw approvalInvalid()
  await trx('posApprovals')
    .where({ _id: row._id })
    .update({ usedAt: new Date(now), updatedAt: new Date(now) })
  return row.manager.trim()
}

const refundNeedsManager = () =>
  new Forbidden("This shop's refunds need a manager's approval", { key: 'pos.error.refundNeedsManager', field: 'approval' })

/**
 * A refund's approval (decision 0135): when the shop's "Refunds need a manager" is on, a member whose
 * POS level is `user` needs a `refund` approval, spent here in the refund's transaction (403
 * `pos.error.refundNeedsManager` without one). An approval sent along is spent (and so checked) in any
 * case. The server's own refunds (no caller) and non-members (none reach here) need none.
 */
export const checkRefundApproval = async (
  trx: Knex.Transaction,
  refund: { shop: string; user: string | undefined; order: string; approval: unknown }
): Promise<string | null> => {
  if (refund.approval !== undefined && refund.approval !== null)
    return spendApproval(trx, {
      shop: refund.shop,
      id: refund.approval,
      cashier: refund.user,
      action: 'refund',
      order: refund.order
    })
  if (!refund.user) return null
  const shop = (await trx('shops').where({ _id: refund.shop }).first('posRefundNeedsManager')) as
    { posRefundNeedsManager: boolean | null } | undefined
  if (!shop?.posRefundNeedsManager) return null
  const member = await memberOf(trx, refund.shop, refund.user)
  if (member && canApproveAtTill(member)) return null
  throw refundNeedsManager()
}

export const clerkInvalid = () =>
  new BadRequest('The cashier switch is no longer valid: switch again', { key: 'pos.error.clerkInvalid', field: 'clerk' })

/**
 * Who serves at the till (decision 0135): a `serve` id sent with an order as its `clerk`, checked in the
 * order's transaction: of this shop (the wall hides any other), asked for by this signed-in account,
 * at most `POS_SERVE_TTL_MS` old, its colleague still an accepted member. Never spent: the till sends
 * it with every order until it switches again. Answers the colleague's id; every refusal is one 400.
 */
export const clerkOf = async (
  trx: Knex.Transaction,
  want: { shop: string; id: unknown; caller: string | undefined },
  now = Date.now()
): Promise<string> => {
  if (!isObjectId(want.id) || !want.caller) throw clerkInvalid()
  const row = (await trx('posApprovals')
    .where({ _id: want.id, shop: want.shop })
    .first('action', 'cashier', 'manager', 'createdAt')) as
    { action: string; cashier: string; manager: string; createdAt: string | Date } | undefined
  if (
    !row ||
    row.action !== 'serve' ||
    row.cashier.trim() !== want.caller ||
    new Date(row.createdAt).getTime() < now - POS_SERVE_TTL_MS
  )
    throw clerkInvalid()
  const member = await memberOf(trx, want.shop, row.manager.trim())
  if (!member) throw clerkInvalid()
  return member.user.trim()
}
