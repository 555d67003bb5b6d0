import { isWeighted, unitOf, type InventoryOperationData, type StockTakeData } from '@emporia/shared'

/*
 * The stock screen's lines (decision 0156) as pure rules: many products and SKUs restocked, taken away or
 * moved between warehouses at once, sent as one call that moves all of them or none. Quantities are
 * refused when they do not fit (parts of a whole unit, more than three decimals), never rounded.
 */

export const stockLineModes = ['restock', 'export', 'transfer', 'stockTake'] as const
export type StockLineMode = (typeof stockLineModes)[number]

export interface StockLine {
  /** A key of its own: the same product may be on several lines (two SKUs). */
  key: string
  product: string
  /** The product's name as shown, and its SKUs (none: '' is the only stock). */
  name: string
  skus: { id: string; name: string }[]
  weighted: boolean
  /** The unit weighed goods are counted in (decision 0162); null for counted goods. */
  unit: string | null
  sku: string
  /** The units moved, or in a stock-take the units counted on the shelf. */
  quantity: string
  /** A stock-take: the system's quantity in the warehouse (undefined while it is read), and what it was read for. */
  system?: number
  systemFor?: string
}

export type LineProblem =
  | 'format.required'
  | 'format.number'
  | 'stockLines.wholeUnits'
  | 'stockOp.positive'
  | 'stockLines.skuRequired'
  | 'stockLines.systemLoading'

/** A product as the screen reads it: its id, name, SKUs and whether it is sold by weight. */
export const lineOf = (
  key: string,
  product: { _id: string; skus?: { id: string }[] | null; weightType?: string | null; weightUnit?: string | null },
  name: string,
  skuName: (sku: { id: string }) => string
): StockLine => {
  const skus = (product.skus ?? []).map((sku) => ({ id: sku.id, name: skuName(sku) }))
  return {
    key,
    product: product._id,
    name,
    skus,
    weighted: isWeighted(product),
    unit: unitOf(product),
    sku: skus.length === 1 ? skus[0].id : '',
    quantity: ''
  }
}

/** The units a typed quantity stands for, or why it cannot be sent. */
export const unitsOfLine = (line: StockLine): { units: number } | { problem: LineProblem } => {
  if (line.skus.length && !line.sku) return { problem: 'stockLines.skuRequired' }
  const text = line.quantity.trim()
  if (!text) return { problem: 'format.required' }
  if (!/^\d+(\.\d{1,3})?$/.test(text)) return { problem: 'format.number' }
  const units = Number(text)
  if (!(units > 0)) return { problem: 'stockOp.positive' }
  if (!line.weighted && !Number.isInteger(units)) return { problem: 'stockLines.wholeUnits' }
  return { units }
}

/** A stock-take line's count (0 is a count too), or why it cannot be sent; the system quantity must be read. */
export const countOfLine = (line: StockLine): { units: number } | { problem: LineProblem } => {
  if (line.skus.length && !line.sku) return { problem: 'stockLines.skuRequired' }
  const text = line.quantity.trim()
  if (!text) return { problem: 'format.required' }
  if (!/^\d+(\.\d{1,3})?$/.test(text)) return { problem: 'format.number' }
  const units = Number(text)
  if (!line.weighted && !Number.isInteger(units)) return { problem: 'stockLines.wholeUnits' }
  if (line.system === undefined) return { problem: 'stockLines.systemLoading' }
  return { units }
}

/** What a counted line will book: counted − system, exact to the thousandth; undefined until both are known. */
export const differenceOf = (line: StockLine): number | undefined => {
  const result = countOfLine(line)
  return 'units' in result && line.system !== undefined ? Math.round((result.units - line.system) * 1000) / 1000 : undefined
}

type Head = { mode: StockLineMode; warehouse: string; toWarehouse?: string; comment?: string }

/**
 * A stock-take's body (decision 0162): every counted line with the system quantity it was counted against
 * (the server refuses the count when stock moved since), lines that match included; only differences are booked.
 */
const stockTakeRequest = (lines: readonly StockLine[], head: Head) => {
  const problems: Record<number, LineProblem> = {}
  const data: StockTakeData[] = []
  lines.forEach((line, i) => {
    const result = countOfLine(line)
    if ('problem' in result) problems[i] = result.problem
    else
      data.push({
        mode: 'stockTake',
        warehouse: head.warehouse,
        product: line.product,
        sku: line.sku,
        counted: result.units,
        expected: line.system as number,
        ...(head.comment?.trim() ? { comment: head.comment.trim() } : {})
      })
  })
  return Object.keys(problems).length ? { problems } : { data }
}

/** The call's body, or each refused line's problem by its index (then nothing is sent). */
export const stockLinesRequest = (
  lines: readonly StockLine[],
  head: Head
): { data: InventoryOperationData[] | StockTakeData[] } | { problems: Record<number, LineProblem> } => {
  if (head.mode === 'stockTake') return stockTakeRequest(lines, head)
  const mode = head.mode
  const problems: Record<number, LineProblem> = {}
  const data: InventoryOperationData[] = []
  lines.forEach((line, i) => {
    const result = unitsOfLine(line)
    if ('problem' in result) problems[i] = result.problem
    else
      data.push({
        mode,
        warehouse: head.warehouse,
        product: line.product,
        sku: line.sku,
        delta: result.units,
        ...(head.mode === 'transfer' && head.toWarehouse ? { toWarehouse: head.toWarehouse } : {}),
        ...(head.comment?.trim() ? { comment: head.comment.trim() } : {})
      })
  })
  return Object.keys(problems).length ? { problems } : { data }
}

/**
 * Which line a refusal is about: the server names it by index (`3.delta`), or — when stock runs short —
 * by the goods (product and SKU), the first such line.
 */
export const refusedLine = (error: unknown, lines: readonly StockLine[]): number | undefined => {
  const data = (error as { data?: { field?: string; product?: string; sku?: string } } | null)?.data
  const index = /^(\d+)(\.|$)/.exec(data?.field ?? '')
  if (index) return Number(index[1])
  if (data?.product) {
    const found = lines.findIndex((line) => line.product === data.product && line.sku === (data.sku ?? ''))
    return found >= 0 ? found : undefined
  }
  return undefined
}

/** A product as a scan or a category reads it: its codes besides what a line needs. */
export interface CodedProduct {
  _id: string
  posCode?: string | null
  skus?: { id: string; code?: string | null }[] | null
  weightType?: string | null
  weightUnit?: string | null
}

const folded = (code: unknown) => (typeof code === 'string' ? code.normalize('NFKC').trim().toLowerCase() : '')

/** The product and SKU a scanned or typed code names (the product's code, or one SKU's), if any. */
export const scannedOf = <P extends CodedProduct>(
  code: string,
  products: readonly P[]
): { product: P; sku?: string } | undefined => {
  const wanted = folded(code)
  if (!wanted) return undefined
  for (const product of products) {
    const sku = (product.skus ?? []).find((entry) => folded(entry.code) === wanted)
    if (sku) return { product, sku: sku.id }
    if (folded(product.posCode) === wanted) return { product }
  }
  return undefined
}

const sameGoods = (a: StockLine, b: StockLine) => a.product === b.product && a.sku === b.sku

/**
 * A scan on the list: the goods' line gets one more (a count scans each item on the shelf; weighed goods
 * are typed, so their line is only found), or a new line for them with one. Answers the lines and the
 * index of the scanned line.
 */
export const withScan = (lines: readonly StockLine[], scanned: StockLine): { lines: StockLine[]; index: number } => {
  const found = lines.findIndex((line) => (line.sku !== '' || !line.skus.length ? sameGoods(line, scanned) : false))
  const one = (line: StockLine) => (line.weighted ? line : { ...line, quantity: String((Number(line.quantity) || 0) + 1) })
  if (found >= 0) return { lines: lines.map((line, i) => (i === found ? one(line) : line)), index: found }
  return { lines: [...lines, one(scanned)], index: lines.length }
}

/**
 * A category's products as lines: one per SKU (a product sold in sizes is counted size by size), the goods
 * already on the list left out.
 */
export const categoryLines = (
  lines: readonly StockLine[],
  products: readonly CodedProduct[],
  lineFor: (product: CodedProduct, sku?: string) => StockLine
) => {
  const fresh = products.flatMap((product) =>
    (product.skus ?? []).length > 1 ? (product.skus ?? []).map((sku) => lineFor(product, sku.id)) : [lineFor(product)]
  )
  return fresh.filter((line) => !lines.some((listed) => sameGoods(listed, line)))
}
