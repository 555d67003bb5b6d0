import { rebuild } from '../domains/stock/stock-ledger'
import { runShopScript } from './shop-script'

/**
 * `npm run inventory:rebuild -w apps/server [-- <shop id>]`: recomputes every shop's (or one shop's)
 * stock numbers from the ledger (docs/decisions/0040) and prints what it corrected.
 */
runShopScript(async (knex, shop) => {
  const report = await rebuild(knex, shop)
  console.log(
    `Rebuilt ${report.shops} shop(s): corrected ${report.stocks.length} stock rows, ${report.lots.length} lots, ${report.products.length} products.`
  )
  for (const s of report.stocks)
    console.log(
      `  stock ${s.warehouse}/${s.product}/${s.sku || '-'}: quantity ${s.quantity.was} → ${s.quantity.now}, reserved ${s.reserved.was} → ${s.reserved.now}`
    )
  for (const l of report.lots) console.log(`  lot ${l._id}: ${l.quantity.was} → ${l.quantity.now} (${l.status.now})`)
  for (const p of report.products)
    console.log(`  product ${p._id}: ${p.cachedInventory.was} → ${p.cachedInventory.now}, ${p.status.was} → ${p.status.now}`)
})
