import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { DEVICE_TOKEN_HEADER, isObjectId, servicePaths, type Cashier, type CashierData, type CashierPatch } from '@emporia/shared'
import { RecordService, type RecordOptions, type RecordParams } from '../../platform/records/record-service'
import { assertValid, dataValidators, stripReadOnly } from '../../platform/records/validate-data'
import { shopTransaction } from '../../platform/tenancy'
import { DeviceTokenRefused } from '../../domains/pos/device-token'
import { lockDevice, proveDevice, takeDevice } from './cashier-binding'

type Row = Record<string, unknown>
type Params = RecordParams & { headers?: Record<string, unknown> }

const refused = (field: string, message: string, key = 'format.invalid') => new BadRequest(message, { key, field })
const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

const shopOf = (params: RecordParams) => {
  if (!params.shop) throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
  return params.shop
}

/** The token a write carries: in its data (both transports) or, over REST only, in the `x-pos-device` header. */
const tokenOf = (fromData: unknown, params: Params) =>
  fromData ?? (params.provider === 'rest' ? params.headers?.[DEVICE_TOKEN_HEADER] : undefined)

/**
 * A patch's fields, plain or by `$set` (the side door gets the same answers), `$unset` as null; a
 * change inside a field (a dotted path) or by a list operator is refused, so that what is checked
 * below is the whole of the write. The token leaves the data here: it is never stored.
 */
const intakePatch = (data: unknown): { change: Row; token: unknown } => {
  if (!isObject(data)) throw refused('data', 'Data must be an object')
  const change: Row = {}
  const whole = (path: string) => {
    if (path.includes('.')) throw refused(path.split('.')[0], `"${path}": change the whole field`)
    return path
  }
  for (const [key, value] of Object.entries(data)) {
    const fields = isObject(value) ? Object.entries(value) : []
    if (key === '$set') for (const [path, inner] of fields) change[whole(path)] = inner
    else if (key === '$unset') for (const [path] of fields) change[whole(path)] = null
    else if (key.startsWith('$')) throw refused(fields[0]?.[0].split('.')[0] ?? key, `${key} cannot change a cashier`)
    else change[key] = value
  }
  const { deviceToken: token, ...rest } = change
  return { change: rest, token }
}

const idTaken = (error: unknown) =>
  error instanceof Conflict && (error.data as { constraint?: string } | undefined)?.constraint === 'id'
    ? new BadRequest('Another cashier of this shop already has this ID', { key: 'pos.error.cashierIdTaken', field: 'id' })
    : error

/**
 * POS cashier stations (spec §3.12, §4.7, §7.4; decision 0095). Setting `deviceId` to a device binds
 * the cashier to it and needs that device's token; every write path (create, patch, `$set`) goes
 * through the same binding. Stations are patched, never replaced nor removed.
 */
export class CashierService extends RecordService<Cashier, CashierData, CashierPatch> {
  private readonly checks = dataValidators(this.model)

  constructor(
    options: RecordOptions,
    /** The host names a device token may be issued for: the request's and the configured ones. */
    private readonly hostsOf: (params: Params) => string[],
    /** The server's log: why a device token was refused is written here, never answered (decision 0095). */
    private readonly log: (line: string) => void = () => undefined
  ) {
    super(options)
  }

  override async create(data: CashierData | CashierData[], params: Params = {}): Promise<Cashier> {
    if (Array.isArray(data)) throw refused('data', 'Create one cashier at a time')
    if (isObject(data) && Object.keys(data).some((key) => key.startsWith('$'))) throw refused('data', 'Operators are for patches')
    const { change, token } = intakePatch(data)
    const shop = shopOf(params)
    const record = params.provider ? stripReadOnly(this.model, change) : change
    assertValid(this.checks.create, structuredClone({ ...record, shop }))
    const proof = await this.prove(record.deviceId, token, params)
    return this.write(shop, params, async (trx, unbound) => {
      if (proof) {
        await lockDevice(trx, shop, proof.kid)
        unbound.push(...(await takeDevice(trx, { shop, cashier: null, proof })))
        record.usedBy = proof.kid
      }
      return (await this._create(record as CashierData, { transaction: trx, shop })) as Cashier
    })
  }

  override async patch(id: NullableId, data: CashierPatch, params: Params = {}): Promise<Cashier> {
    // One station at a time: a multi patch could bind several cashiers to one device.
    if (id === null) throw refused('_id', 'Change cashiers one at a time')
    if (!isObjectId(id)) throw new NotFound(`No record found for id '${String(id)}'`)
    const shop = shopOf(params)
    const { change, token } = intakePatch(data)
    const record = params.provider ? stripReadOnly(this.model, change) : change
    delete record._id
    assertValid(this.checks.patch, structuredClone(record))
    const proof = await this.prove(record.deviceId, token, params)
    return this.write(shop, params, async (trx, unbound) => {
      if (proof) await lockDevice(trx, shop, proof.kid)
      const before = (await trx(this.model.table).where({ _id: id, shop }).forUpdate().first()) as Row | undefined
      if (!before) throw new NotFound(`No record found for id '${String(id)}'`)
      if (proof) {
        unbound.push(...(await takeDevice(trx, { shop, cashier: String(id), proof })))
        record.usedBy = proof.kid
      }
      return (await this._patch(id, record as CashierPatch, { transaction: trx, shop, query: { shop } })) as Cashier
    })
  }

  /** A write that binds (sets `deviceId` to a device) proves the device first; one that does not needs no token. */
  private prove(deviceId: unknown, token: unknown, params: Params) {
    if (typeof deviceId !== 'string') return Promise.resolve(undefined)
    return proveDevice(deviceId, tokenOf(token, params), this.hostsOf(params)).catch((error: unknown) => {
      throw this.noted(error, params)
    })
  }

  /** A refused device token's real reason goes to the log; the caller gets the one answer. */
  private noted(error: unknown, params: Params) {
    if (error instanceof DeviceTokenRefused)
      this.log(`Device token refused (shop ${params.shop ?? '-'}, ${params.provider ?? 'internal'}): ${error.reason}`)
    return error
  }

  /**
   * One write in one shop transaction (behind the wall where there is one); the cashiers a binding
   * took the device from are announced as patched once it has committed.
   */
  private async write(shop: string, params: Params, run: (trx: Knex.Transaction, unbound: Row[]) => Promise<Cashier>) {
    const unbound: Row[] = []
    try {
      const rowSecurity = this.options.rowSecurity === true
      const result = await shopTransaction(
        this.options.db.knex,
        rowSecurity,
        shop,
        (trx) => run(trx, unbound),
        params.transaction
      )
      const announce = () => this.announce(unbound.map((row) => String(row._id)))
      if (params.transaction) params.transaction.executionPromise.then(announce, () => undefined)
      else await announce()
      return result
    } catch (error) {
      throw idTaken(this.noted(error, params))
    }
  }

  private async announce(ids: string[]) {
    const events = this.app?.service(servicePaths.cashiers)
    for (const id of ids) {
      const record = await this._get(id).catch(() => undefined)
      if (record) events?.emit('patched', record)
    }
  }
}
