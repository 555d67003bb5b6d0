import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react'
import { servicePaths, unitOf, type BarcodeLayout, type PosCatalogueProduct } from '@emporia/shared'
import { cashierErrorMessage } from '../offline/cashier-errors'
import { shopApi } from '../../../lib/resource-client'
import { i18n } from '../../../lib/i18n/i18n'
import { notifyError } from '../../../lib/notify'
import type { CatalogueIndex } from '../pos-types'
import { addProblem, asksAge, cartReducer, emptyCart, type SellContext, type SellLine } from './cart-store'
import { askAge } from '../dialogs/age-check'
import { askServerAbout, resolveScan, resultOfLookup, type ScanResult } from './scan-resolve'

/*
 * The till's order and what a scan or a tile does to it (decision 0098). A scan is timed from the key
 * that ended it to the commit that shows its line (`performance.measure('pos-scan')`), for the bench.
 */

export interface ScanRecord {
  at: string
  code: string
  /** The message key of the error, or null when a line was added (or a dialog asked for more). */
  error: string | null
  product?: string
}

export type Asking =
  { kind: 'sku'; product: PosCatalogueProduct } | { kind: 'weight'; product: PosCatalogueProduct; sku?: string } | null

export const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`

const HISTORY = 50

export const useTill = (
  index: CatalogueIndex | null,
  layouts: readonly BarcodeLayout[] | null | undefined,
  context: SellContext
) => {
  const [cart, dispatch] = useReducer(cartReducer, undefined, () => emptyCart())
  const [asking, setAsking] = useState<Asking>(null)
  const [history, setHistory] = useState<ScanRecord[]>([])
  const timing = useRef<boolean>(false)
  const cartRef = useRef(cart)
  useLayoutEffect(() => {
    cartRef.current = cart
  })

  useEffect(() => {
    if (!timing.current) return
    timing.current = false
    try {
      performance.measure('pos-scan', 'pos-scan-start')
    } catch {
      // No start mark (cleared by a bench between runs): nothing to measure.
    }
  }, [cart.lines])

  const record = (code: string, error: string | null, product?: string) =>
    setHistory((list) => [{ at: new Date().toISOString(), code, error, product }, ...list].slice(0, HISTORY))

  const fail = (key: string) => notifyError(i18n.t(key))

  /** Adds a line, opening the order first when the cashier does that by itself; answers the refusal key. */
  const addLine = useCallback(
    (line: Omit<SellLine, 'id'>): string | null => {
      const problem = addProblem(cartRef.current, context)
      if (problem) {
        fail(problem)
        return problem
      }
      dispatch({ type: 'add', line, clientId: newClientId() })
      return null
    },
    [context]
  )

  const lineOf = (
    product: PosCatalogueProduct,
    sku?: string,
    quantity = 1,
    price?: number,
    label?: string
  ): Omit<SellLine, 'id'> => {
    const skuPrice = sku ? product.skus?.find((s) => s.id === sku)?.price : undefined
    return {
      product: product._id,
      ...(sku ? { sku } : {}),
      name: product.name,
      price: price ?? skuPrice ?? product.price,
      quantity,
      weighted: product.weightType === 'weighted',
      unit: unitOf(product),
      ...(price !== undefined ? { fixedPrice: true } : {}),
      ...(label ? { label } : {}),
      code: product.posCode ?? product.code ?? undefined
    }
  }

  /** A found product that may go on the sale: a dialog for its SKU or weight, else its line. */
  const proceed = useCallback(
    (result: Exclude<ScanResult, { kind: 'error' }>, code: string) => {
      if (result.kind === 'sku' || result.kind === 'weight') {
        setAsking(result)
        return record(code, null, result.product._id)
      }
      timing.current = true
      const refused = addLine(lineOf(result.product, result.sku, result.quantity, result.price, result.label))
      if (refused) timing.current = false
      record(code, refused, result.product._id)
    },
    [addLine]
  )

  const apply = useCallback(
    (result: ScanResult, code: string): Promise<void> | void => {
      if (result.kind === 'error') {
        fail(result.key)
        return record(code, result.key)
      }
      // Refused before any dialog: the cashier learns of the cash check or new order at once.
      const problem = addProblem(cartRef.current, context)
      if (problem) {
        fail(problem)
        return record(code, problem, result.product._id)
      }
      // The first age-restricted product of the sale (decision 0196): the cashier checks the customer's ID
      // first; refused, the product is not added. Later scans wait behind the question.
      if (asksAge(cartRef.current, context, result.product))
        return askAge().then((confirmed) => {
          if (!confirmed) {
            fail('pos.age.refused')
            return record(code, 'pos.age.refused', result.product._id)
          }
          dispatch({ type: 'ageConfirmed' })
          // Seen by a scan waiting behind this one before React renders again.
          cartRef.current = cartReducer(cartRef.current, { type: 'ageConfirmed' })
          proceed(result, code)
        })
      proceed(result, code)
    },
    [proceed, context]
  )

  // Products found by the server rather than the stored catalogue, for the pricing's filters.
  const [looked, setLooked] = useState<ReadonlyMap<string, PosCatalogueProduct>>(new Map())

  // Lookups still answering: later scans wait behind them, so lines keep the order they were scanned in.
  const inFlight = useRef<Promise<void> | null>(null)

  const handle = useCallback(
    (code: string): Promise<void> | void => {
      const labels = new Set(cartRef.current.lines.flatMap((line) => (line.label ? [line.label] : [])))
      const local = index ? resolveScan(code, index, layouts, labels) : ({ kind: 'error', key: 'pos.error.noSuchCode' } as const)
      if (!askServerAbout(local) || !navigator.onLine || labels.has(code.trim())) return apply(local, code)
      // A miss online: the stored catalogue may be behind (or still loading); the server reads the code as it would.
      return shopApi(servicePaths.productsLookup)
        .find({ code: code.trim() })
        .then(
          (lookup) => {
            const result = resultOfLookup(lookup, code.trim())
            if (result.kind !== 'error') setLooked((known) => new Map(known).set(result.product._id, result.product))
            return apply(result, code)
          },
          (error: unknown) => {
            const key = (error as { data?: { key?: string } }).data?.key
            if (key && key !== 'pos.error.noSuchCode') {
              notifyError(cashierErrorMessage(error))
              return record(code, key)
            }
            return apply(local, code)
          }
        )
    },
    [index, layouts, apply]
  )

  const scan = useCallback(
    (code: string) => {
      performance.mark('pos-scan-start')
      const run = () => handle(code) ?? undefined
      const next = inFlight.current ? inFlight.current.then(run) : run()
      if (!next) return
      const tracked: Promise<void> = next.finally(() => {
        if (inFlight.current === tracked) inFlight.current = null
      })
      inFlight.current = tracked
    },
    [handle]
  )

  /** A tile pressed: as a scan of the product's own code. */
  const pick = useCallback(
    (product: PosCatalogueProduct) => {
      performance.mark('pos-scan-start')
      const kind = product.skus?.length ? 'sku' : product.weightType === 'weighted' ? 'weight' : 'line'
      apply(
        kind === 'line' ? { kind, product, quantity: 1 } : ({ kind, product } as ScanResult),
        product.posCode ?? product.code ?? product._id
      )
    },
    [apply]
  )

  const answerSku = (product: PosCatalogueProduct, sku: string) => {
    setAsking(product.weightType === 'weighted' ? { kind: 'weight', product, sku } : null)
    if (product.weightType !== 'weighted') addLine(lineOf(product, sku))
  }
  const answerWeight = (product: PosCatalogueProduct, sku: string | undefined, quantity: number) => {
    setAsking(null)
    addLine(lineOf(product, sku, quantity))
  }

  return { cart, dispatch, scan, pick, asking, setAsking, answerSku, answerWeight, history, looked }
}
