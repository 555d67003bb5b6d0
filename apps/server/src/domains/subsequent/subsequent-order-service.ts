import { BadRequest, MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { companyUserSchema, servicePaths, type SubsequentOrder } from '@emporia/shared'
import { asRecord } from '../stock/changes'
import { LedgerRecordService, shopOf, userOf } from '../stock/service-support'
import type { LedgerEnv } from '../stock/stock-ledger'
import type { RecordOptions, RecordParams } from '../../platform/records/record-service'
import type { SubsequentKind } from './kinds'
import { checkInput } from './order-input'
import { orderRecord } from './order-records'
import { changeOrder, createOrder, removeOrder, type StepContext, type StepResult } from './order-steps'

type Caller = { caller?: { role?: string } }

/**
 * Purchasing and bulk orders (spec §3.11, decision 0085), one class for both kinds. Reads are the
 * record service's (lists filter and sort by `shortage`, `dueDate`, `user`, `status`); create,
 * patch and remove are steps in one transaction of the shop (order-steps.ts). One order per call:
 * a batch create or a patch or remove by query is refused, so no route skips a rule. No update
 * (PUT): an order is changed field by field.
 */
export class SubsequentOrderService extends LedgerRecordService<SubsequentOrder> {
  constructor(
    options: RecordOptions,
    env: () => LedgerEnv,
    private readonly kind: SubsequentKind
  ) {
    super(options, env)
  }

  private context(params: RecordParams, wall: string | undefined): StepContext {
    const external = Boolean(params.provider)
    // An internal call (seeding, jobs) acts as the shop; a client's override needs the admin role.
    const admin = !external || (params as Caller).caller?.role === 'admin'
    return { kind: this.kind, shop: shopOf(params), user: userOf(params), admin, env: this.env(), wall }
  }

  /** One step in the shop's transaction; list totals go stale and company screens hear of new balances. */
  private async step(params: RecordParams, run: (trx: Knex.Transaction, ctx: StepContext) => Promise<StepResult>) {
    const shop = shopOf(params)
    const counts = this.options.counts
    const stale = () => counts.invalidate(this.kind.table, [shop])
    stale()
    const result = await this.inTransaction(shop, params, (trx, wall) => run(trx, this.context(params, wall)))
    stale()
    if (result.companies.length) {
      counts.invalidate('companyUsers', [shop])
      const companies = this.app?.services[servicePaths.companyUsers] ? this.app.service(servicePaths.companyUsers) : undefined
      for (const row of result.companies) companies?.emit('patched', asRecord(companyUserSchema, row))
    }
    return orderRecord(this.kind, result.order)
  }

  override async create(data: Partial<SubsequentOrder> | Partial<SubsequentOrder>[], params: RecordParams = {}) {
    if (Array.isArray(data)) throw new BadRequest('Create orders one at a time', { key: 'format.invalid', field: 'data' })
    const input = checkInput(this.kind, data)
    return this.step(params, (trx, ctx) => createOrder(trx, input, ctx))
  }

  override async patch(id: NullableId, data: Partial<SubsequentOrder>, params: RecordParams = {}) {
    if (id === null) throw new MethodNotAllowed('Change orders one at a time')
    return this.step(params, (trx, ctx) => changeOrder(trx, String(id), data, ctx))
  }

  override async update(): Promise<never> {
    throw new MethodNotAllowed('Change an order with patch')
  }

  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id === null) throw new MethodNotAllowed('Remove orders one at a time')
    return this.step(params, (trx, ctx) => removeOrder(trx, String(id as Id), ctx))
  }
}
