import type { Knex } from 'knex'
import { summaryHours, type SubShopSales, type SubShopStock, type SubShopStockRow } from '@emporia/shared'
import { shopZoneSql, zoneOr } from '../../domains/sales/rollup'
import { daySums, spanBindings, spanOf, spanRows, sums } from '../sales-summary/sales-summary'

/*
 * What the parent reads of one sub-shop (decision 0087). Every statement here runs in a transaction
 * behind the SUB-SHOP's wall (rollup.class.ts), and names that shop besides: on PostgreSQL with row
 * security the database itself keeps a statement to that shop's rows.
 */

/** The JSON array of a product's SKUs, or an empty one (the column may hold null). */
const skusOf = (alias: string) => `(case when jsonb_typeof(${alias}.skus) = 'array' then ${alias}.skus else '[]'::jsonb end)`

/** The SKU entry of a stock row ('' without SKUs: no entry). */
const skuEntry = (field: string) =>
  `(select x -> '${field}' from jsonb_array_elements(${skusOf('p')}) x where x ->> 'id' = st.sku limit 1)`

/**
 * Paid sales between `from` and `to` in the sub-shop's own zone: the rollup's total row (orders that
 * became paid, net of refunds; decision 0082) and the refunds of the same hours from the payments,
 * so gross = net + refunds. The hours counted are the ones the sales summary counts.
 */
export const salesOf = async (trx: Knex.Transaction, shop: string, from: string, to: string): Promise<SubShopSales> => {
  const { rows: zoneRows } = (await trx.raw(`select ${shopZoneSql} as zone`, [shop])) as { rows: { zone: string | null }[] }
  const zone = zoneOr(zoneRows[0]?.zone)
  const { first, last } = summaryHours(from, to, zone)
  const span = spanOf(first, last)
  const { rows } = (await trx.raw(`with ${spanRows} select ${sums} from (${daySums}) t`, spanBindings(span, shop, 'total'))) as {
    rows: { amount: string | number | null; orders: string | number | null }[]
  }
  const { rows: refundRows } = (await trx.raw(
    `select coalesce(-sum(amount), 0) as refunds from payments
      where shop = ? and "refundOf" is not null and amount < 0
        and date >= (?::timestamp at time zone ?) and date < ((?::timestamp + interval '1 hour') at time zone ?)`,
    [shop, first, zone, last, zone]
  )) as { rows: { refunds: string | number }[] }
  const net = Number(rows[0]?.amount ?? 0)
  const refunds = Number(refundRows[0]?.refunds ?? 0)
  return { orders: Number(rows[0]?.orders ?? 0), gross: net + refunds, refunds, net }
}

/**
 * The sub-shop's stock now: its stock rows (derived from its ledger, decision 0040) summed per product
 * and SKU first, then each product looked up by its key (never a scan of the products table, which
 * also holds other shops' rows): the products with units on hand counted, the units valued at the
 * SKU's cost, else the product's, else nothing.
 */
export const stockOf = async (trx: Knex.Transaction, shop: string): Promise<SubShopStock> => {
  const { rows } = (await trx.raw(
    `with st as (
       select product, sku, sum(quantity) as quantity, sum(reserved) as reserved from stocks where shop = ? group by product, sku
     )
     select count(distinct st.product) filter (where st.quantity > 0) as products,
            coalesce(sum(st.quantity), 0) as "onHand", coalesce(sum(st.reserved), 0) as reserved,
            coalesce(sum(round(st.quantity * coalesce(c.cost, 0))), 0) as value
       from st left join lateral (
         select coalesce(case when st.sku <> '' then (${skuEntry('cprice')} #>> '{}')::bigint end, p.cprice) as cost
           from products p where p._id = st.product
       ) c on true`,
    [shop]
  )) as { rows: Record<'products' | 'onHand' | 'reserved' | 'value', string | number>[] }
  const row = rows[0]
  return {
    products: Number(row?.products ?? 0),
    onHand: Number(row?.onHand ?? 0),
    reserved: Number(row?.reserved ?? 0),
    value: Number(row?.value ?? 0)
  }
}

/** One page of the sub-shop's stock rows with product, SKU and warehouse names, in the (shop, product) index's order. */
export const stockRowsOf = async (
  trx: Knex.Transaction,
  shop: string,
  page: { skip: number; limit: number }
): Promise<{ total: number; data: SubShopStockRow[] }> => {
  const { rows: counted } = (await trx.raw(`select count(*) as total from stocks where shop = ?`, [shop])) as {
    rows: { total: string | number }[]
  }
  const { rows } = (await trx.raw(
    `select st._id, st.warehouse, w.name as "warehouseName", st.product, p.name as "productName", st.sku,
            ${skuEntry('name')} as "skuName", st.quantity, st.reserved
       from (select * from stocks where shop = ? order by product, warehouse, sku limit ? offset ?) st
       left join lateral (select name, skus from products where _id = st.product) p on true
       left join lateral (select name from warehouses where _id = st.warehouse) w on true
      order by st.product, st.warehouse, st.sku`,
    [shop, page.limit, page.skip]
  )) as { rows: (Omit<SubShopStockRow, 'quantity' | 'reserved'> & { quantity: string; reserved: string })[] }
  const parse = (value: unknown) => (typeof value === 'string' && /^[[{"]/.test(value) ? (JSON.parse(value) as unknown) : value)
  return {
    total: Number(counted[0]?.total ?? 0),
    data: rows.map((row) => ({
      ...row,
      warehouseName: parse(row.warehouseName),
      productName: parse(row.productName),
      skuName: row.skuName === undefined ? null : parse(row.skuName),
      quantity: Number(row.quantity),
      reserved: Number(row.reserved)
    }))
  }
}
