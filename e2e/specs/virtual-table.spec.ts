import { describe, expect, it } from 'vitest'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { countRecords, createMany, removeAll } from '../support/records'

const ROWS = Number(process.env.VIRTUAL_ROWS ?? 2_000)

describe('virtual table (spec §2.12, §9.4)', () => {
  const app = useApp()

  it(
    `keeps at most 1,000 row elements in the DOM while scrolling ${ROWS} rows end to end`,
    { timeout: ROWS > 10_000 ? 1_800_000 : 120_000 },
    async () => {
      const who = await merchant(app.server.url, 'virtual')
      // Only the rows seeded here: not the main warehouse a new shop starts with (decision 0070).
      await removeAll(app.server.url, who, 'warehouses')
      const seedStart = Date.now()
      // Arrays of up to 1,000 records per create call (a shop-scoped create takes them).
      await createMany(app.server.url, who, 'warehouses', ROWS, (i) => ({ name: `V${String(i).padStart(6, '0')}` }))
      console.log(`seeded ${ROWS} warehouses in ${Date.now() - seedStart} ms`)
      expect(await countRecords(app.server.url, who, 'warehouses')).toBe(ROWS)

      const page = await app.openAs(
        who,
        `/${who.shop!._id}/warehouses?view=virtual&warehouses=${encodeURIComponent('{"sortBy":["name"],"sortDesc":[false]}')}`
      )
      const table = page.getByTestId('virtual-table')
      await expect.poll(() => table.getAttribute('data-total'), poll).toBe(String(ROWS))
      const rows = page.getByTestId('virtual-row')
      await expect.poll(() => rows.first().getAttribute('data-id'), poll).toBeTruthy()
      // Rows are 41 px high (spec §9.4).
      expect((await rows.first().boundingBox())!.height).toBe(41)

      // Scroll end to end in steps, recording frame times and the most row elements ever in the DOM.
      const result = await page.evaluate(async () => {
        const scroller = document.querySelector('[data-testid="virtual-scroller"]') as HTMLElement
        const frames: number[] = []
        let maxRows = 0
        let last = performance.now()
        // Half a view per frame, or ~2,000 frames end to end for very long lists (a scrollbar drag).
        const step = Math.max(scroller.clientHeight / 2, scroller.scrollHeight / 2000)
        while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
          scroller.scrollTop += step
          await new Promise((resolve) => requestAnimationFrame(resolve))
          const now = performance.now()
          frames.push(now - last)
          last = now
          maxRows = Math.max(maxRows, document.querySelectorAll('[data-testid="virtual-row"]').length)
        }
        frames.sort((a, b) => a - b)
        return {
          frames: frames.length,
          step,
          p95: frames[Math.floor(frames.length * 0.95)],
          median: frames[Math.floor(frames.length / 2)],
          maxRows
        }
      })
      console.log(
        `virtual table over ${ROWS} rows: ${result.frames} frames of ${Math.round(result.step)} px, median ${result.median.toFixed(1)} ms, p95 frame ${result.p95.toFixed(1)} ms, max ${result.maxRows} row elements`
      )
      expect(result.maxRows).toBeLessThanOrEqual(1000)
      expect(result.maxRows).toBeGreaterThan(0)
      // The last rows load once scrolling stops (at most one load per 500 ms while moving).
      const last = page.locator(`[data-testid="virtual-row"][data-index="${ROWS - 1}"]`)
      await expect.poll(() => last.getAttribute('data-id'), { timeout: 15_000, interval: 200 }).toBeTruthy()
      expect(await last.textContent()).toContain(`V${String(ROWS - 1).padStart(6, '0')}`)
    }
  )
})
