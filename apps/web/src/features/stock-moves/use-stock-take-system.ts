import { useEffect, type Dispatch, type SetStateAction } from 'react'
import { servicePaths } from '@emporia/shared'
import { shopApi } from '../../lib/resource-client'
import type { StockLine } from './stock-lines'

/** The system's quantity of one SKU in one warehouse: its stock row's, 0 when it was never stocked there. */
const readSystem = async (warehouse: string, line: StockLine): Promise<number> => {
  const page = await shopApi(servicePaths.stocks).find({ warehouse, product: line.product, sku: line.sku, $limit: 1 })
  return page.data[0]?.quantity ?? 0
}

/**
 * A stock-take's system quantities (decision 0162): each line's is read once for its warehouse and SKU —
 * when the line is added, its SKU chosen or the warehouse changed — and kept as the figure the count is
 * made against (the server refuses the count when stock moved since). No warehouse: nothing is read.
 */
export const useStockTakeSystem = (
  warehouse: string,
  lines: readonly StockLine[],
  setLines: Dispatch<SetStateAction<StockLine[]>>
) => {
  useEffect(() => {
    if (!warehouse) return
    for (const line of lines) {
      if (line.skus.length && !line.sku) continue
      const key = `${warehouse}|${line.sku}`
      if (line.systemFor === key) continue
      const mark = (patch: Partial<StockLine>) =>
        setLines((current) =>
          current.map((entry) => (entry.key === line.key && `${warehouse}|${entry.sku}` === key ? { ...entry, ...patch } : entry))
        )
      mark({ system: undefined, systemFor: key })
      void readSystem(warehouse, line).then(
        (system) => mark({ system }),
        () => mark({ systemFor: undefined })
      )
    }
  }, [warehouse, lines, setLines])
}
