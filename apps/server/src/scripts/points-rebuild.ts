import { rebuildPoints } from '../domains/points/rebuild'
import { runShopScript } from './shop-script'

/**
 * `npm run points:rebuild -w apps/server [-- <shop id>]`: makes every customer's point lots and total
 * what the point log says (decision 0091) and prints what differed (and is now corrected).
 */
runShopScript(async (knex, shop) => {
  const report = await rebuildPoints(knex, shop)
  console.log(
    `Rebuilt points of ${report.customers} customer(s) in ${report.shops} shop(s): ${report.differences.length} difference(s).`
  )
  for (const d of report.differences)
    console.log(
      `  ${d.shop}/${d.customer} ${d.lot ? `lot ${d.lot}` : 'total'}: ${d.was.point} → ${d.now.point}` +
        (d.lot ? `, used ${d.was.used} → ${d.now.used}, ${d.was.status ?? '-'} → ${d.now.status}` : '')
    )
})
