import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { round3 } from './quantities'

interface Holding {
  _id: string
  quantity: number | string
  magnitude: number | string
  reserved: number | string
  reservations: number | string
  lots: number | string
}

/**
 * Locks warehouses for removal, in id order, until the transaction ends. Moves hold their
 * warehouses with a key-share lock (facts.ts), so this waits for those under way, and later ones
 * wait for the removal and then find no warehouse: nothing can arrive between the check and the
 * delete (docs/decisions/0070). Answers the ids it locked (those the transaction can see).
 */
export const lockWarehouses = async (trx: Knex.Transaction, ids: string[]): Promise<string[]> => {
  if (!ids.length) return []
  const rows = (await trx('warehouses')
    .whereIn('_id', [...new Set(ids)])
    .orderBy('_id')
    .forUpdate()
    .select('_id')) as { _id: string }[]
  return rows.map((row) => row._id)
}

const refusal = (key: string, message: string, warehouse: string, quantity: number) =>
  new BadRequest(message, { key, values: { quantity }, warehouse, quantity })

/**
 * Refuses removing a warehouse that still holds anything the ledger counts (docs/decisions/0070):
 * stock on hand (also below zero), stock reserved for orders, or — while the shop keeps lots — lots
 * with units left. Removing it would take them out of every total without a ledger row.
 */
export const refuseHeldStock = async (trx: Knex.Transaction, ids: string[]) => {
  if (!ids.length) return
  const { rows } = (await trx.raw(
    `select w._id,
       coalesce((select sum(s.quantity) from stocks s where s.warehouse = w._id), 0) as quantity,
       coalesce((select sum(abs(s.quantity)) from stocks s where s.warehouse = w._id), 0) as magnitude,
       coalesce((select sum(s.reserved) from stocks s where s.warehouse = w._id), 0) as reserved,
       coalesce((select sum(r.quantity) from "stockReservations" r
                 where r.status = 'reserved' and r.shop = w.shop and r.warehouse = w._id), 0) as reservations,
       case when sh."useInventoryLot" then coalesce((
         select sum(l.quantity) from "inventoryLots" l
         where l.warehouse = w._id and l.status in ('active', 'expired') and l.quantity > 0), 0) else 0 end as lots
     from warehouses w join shops sh on sh._id = w.shop
     where w._id = any(?) order by w._id`,
    [ids]
  )) as { rows: Holding[] }
  for (const row of rows) {
    const onHand = round3(Number(row.quantity))
    // Units below zero in one place and above it in another still count: name how many there are.
    const units = onHand !== 0 ? onHand : round3(Number(row.magnitude))
    if (units !== 0)
      throw refusal(
        'errors.warehouseHasStock',
        `This warehouse still holds ${units} units; move or take them away first`,
        row._id,
        units
      )
    // The stock rows' reserved column and the open reservations are the same units, seen twice.
    const reserved = round3(Number(row.reserved)) || round3(Number(row.reservations))
    if (reserved !== 0) {
      throw refusal(
        'errors.warehouseHasReservations',
        `Orders still hold ${reserved} units reserved in this warehouse; finish or release them first`,
        row._id,
        reserved
      )
    }
    const lots = round3(Number(row.lots))
    if (lots > 0)
      throw refusal(
        'errors.warehouseHasLots',
        `Lots in this warehouse still have ${lots} units left; take them away first`,
        row._id,
        lots
      )
  }
}
