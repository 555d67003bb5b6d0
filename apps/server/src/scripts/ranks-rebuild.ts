import { rebuildRanks } from '../domains/ranks'
import { runShopScript } from './shop-script'

/**
 * `npm run ranks:rebuild -w apps/server [-- <shop id>]`: decides every customer's accumulated amount
 * and rank again from the orders (decision 0084) and prints what differed (and is now corrected).
 */
runShopScript(async (knex, shop) => {
  const report = await rebuildRanks(knex, shop)
  console.log(
    `Rebuilt ranks of ${report.customers} customer(s) in ${report.shops} shop(s): ${report.differences.length} difference(s).`
  )
  for (const d of report.differences)
    console.log(
      `  ${d.shop}/${d.customer}: amount ${d.amount.was} → ${d.amount.now}, rank ${d.rank.was ?? '-'} → ${d.rank.now ?? '-'}, expiry ${d.expiry.was ?? '-'} → ${d.expiry.now ?? '-'}`
    )
})
