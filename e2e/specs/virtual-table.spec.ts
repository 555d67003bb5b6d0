import { describe, expect, it } from 'vitest'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { countRecords } from '../support/records'
import { scrollEndToEnd, seedWarehouses, virtualWarehousesPath, warehouseName } from '../support/virtual-table'

// Its frame times, over 100,000 rows, are the bench's virtual-table workload (docs/benchmarks.md).
const ROWS = 2_000

describe('virtual table (spec §2.12, §9.4)', () => {
  const app = useApp()

  it(`keeps at most 1,000 row elements in the DOM while scrolling ${ROWS} rows end to end`, async () => {
    const who = await merchant(app.server.url, 'virtual')
    await seedWarehouses(app.server.url, who, ROWS)
    expect(await countRecords(app.server.url, who, 'warehouses')).toBe(ROWS)

    const page = await app.openAs(who, virtualWarehousesPath(who.shop!._id))
    const table = page.getByTestId('virtual-table')
    await expect.poll(() => table.getAttribute('data-total'), poll).toBe(String(ROWS))
    const rows = page.getByTestId('virtual-row')
    await expect.poll(() => rows.first().getAttribute('data-id'), poll).toBeTruthy()
    // Rows are 41 px high (spec §9.4).
    expect((await rows.first().boundingBox())!.height).toBe(41)

    const { maxRows } = await scrollEndToEnd(page)
    expect(maxRows).toBeLessThanOrEqual(1000)
    expect(maxRows).toBeGreaterThan(0)
    // The last rows load once scrolling stops (at most one load per 500 ms while moving).
    const last = page.locator(`[data-testid="virtual-row"][data-index="${ROWS - 1}"]`)
    await expect.poll(() => last.getAttribute('data-id'), poll).toBeTruthy()
    expect(await last.textContent()).toContain(warehouseName(ROWS - 1))
  })
})
