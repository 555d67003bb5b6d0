import type { Page } from 'playwright-core'
import type { Merchant } from './api'
import { createMany, removeAll } from './records'

/*
 * The virtual table over many warehouses (spec §2.12, §9.4), shared by its browser test (the DOM stays
 * bounded) and the bench's virtual-table workload (frame times over 100,000 rows).
 */

/** The name of the i-th seeded warehouse: sorted by name, position i. */
export const warehouseName = (i: number) => `V${String(i).padStart(6, '0')}`

/** Exactly `rows` warehouses: not the main one a new shop starts with (decision 0070). */
export const seedWarehouses = async (baseUrl: string, who: Merchant, rows: number) => {
  await removeAll(baseUrl, who, 'warehouses')
  // Arrays of up to 1,000 records per create call (a shop-scoped create takes them).
  await createMany(baseUrl, who, 'warehouses', rows, (i) => ({ name: warehouseName(i) }))
}

/** The shop's warehouses as a virtual table, sorted by name. */
export const virtualWarehousesPath = (shop: string) =>
  `/${shop}/warehouses?view=virtual&warehouses=${encodeURIComponent('{"sortBy":["name"],"sortDesc":[false]}')}`

export interface Scroll {
  /** Each frame's time while scrolling, in order (ms). */
  frames: number[]
  /** Pixels scrolled per frame. */
  step: number
  /** The most row elements in the DOM after any frame. */
  maxRows: number
}

/**
 * Scrolls the virtual table from top to bottom, one frame per step: half a view per frame, or about
 * 2,000 frames end to end for very long lists (a scrollbar drag), counting the row elements after each.
 */
export const scrollEndToEnd = (page: Page): Promise<Scroll> =>
  page.evaluate(async () => {
    // Typed by hand: the bench compiles this file too, without the DOM's types.
    interface Dom {
      document: {
        querySelector: (selector: string) => { scrollTop: number; clientHeight: number; scrollHeight: number } | null
        querySelectorAll: (selector: string) => { length: number }
      }
      requestAnimationFrame: (callback: () => void) => number
    }
    const dom = globalThis as unknown as Dom
    const scroller = dom.document.querySelector('[data-testid="virtual-scroller"]')
    if (!scroller) throw new Error('no virtual scroller on the page')
    const frames: number[] = []
    let maxRows = 0
    let last = performance.now()
    const step = Math.max(scroller.clientHeight / 2, scroller.scrollHeight / 2000)
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += step
      await new Promise<void>((resolve) => dom.requestAnimationFrame(() => resolve()))
      const now = performance.now()
      frames.push(now - last)
      last = now
      maxRows = Math.max(maxRows, dom.document.querySelectorAll('[data-testid="virtual-row"]').length)
    }
    return { frames, step, maxRows }
  })
