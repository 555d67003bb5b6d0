import { readFile } from 'node:fs/promises'
import { localParts } from '@emporia/shared'
import { describe, expect, it } from 'vitest'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord } from '../support/records'

const DESKTOP = { width: 1440, height: 900 }
const two = (n: number) => String(n).padStart(2, '0')
/** Today in Hong Kong, the zone of a shop that has not chosen one: the day its sales count under. */
const hongKongToday = () => {
  const { year, month, day } = localParts(new Date(), 'Asia/Hong_Kong')
  return `${year}-${two(month)}-${two(day)}`
}

const api = async <T>(base: string, who: Merchant, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}/api/${path}${path.includes('?') ? '&' : '?'}shop=${who.shop!._id}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.session.accessToken}` },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const answer = (await response.json()) as T
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`)
  return answer
}

/** A shop with a stocked product in a category, and orders paid at the counter (POST orders with a cash payment). */
const shopWithSales = async (base: string, label: string) => {
  const who = await merchant(base, label)
  const category = await createRecord(base, who, 'categories', { name: { en: 'Tea', cht: '茶', chs: '茶' } })
  const product = await createRecord(base, who, 'products', { name: { en: 'Oolong' }, price: 1250, category: category._id })
  const warehouses = await api<{ data: { _id: string }[] }>(base, who, 'GET', 'warehouses')
  await api(base, who, 'POST', 'inventoryOperations', {
    mode: 'restock',
    warehouse: warehouses.data[0]._id,
    product: product._id,
    delta: 100
  })
  const sell = (quantity: number) =>
    api<{ _id: string; orderId: string; total: number; status: string }>(base, who, 'POST', 'orders', {
      source: 'pos',
      products: [{ product: product._id, quantity }],
      payments: [{ method: 'cash', amount: 1250 * quantity }]
    })
  return { who, sell }
}

describe('sales charts and the dashboard’s sales (spec §2.14 charts, §2.7)', () => {
  const app = useApp()

  it('draws and tables the paid orders, switches grouping, follows new orders, in cht at desktop width', async () => {
    const { who, sell } = await shopWithSales(app.server.url, 'charts')
    await sell(2)
    await sell(1)
    const page = await app.openAs(who, `/${who.shop!._id}/charts`, { lang: 'cht', viewport: DESKTOP })
    await expect.poll(() => page.getByTestId('sales-total-amount').textContent(), poll).toBe('$37.50')
    expect(await page.getByTestId('charts-title').textContent()).toBe('銷售狀況')
    expect(await page.getByTestId('sales-total-orders').textContent()).toBe('2')
    // The last 30 days, one row with sales: today in the shop's zone.
    await expect.poll(() => page.getByTestId('sales-row').count(), poll).toBe(1)
    expect(await page.getByTestId('sales-row').getAttribute('data-key')).toBe(hongKongToday())
    // The chart is drawn (SVG): its legend in the language, bars and the orders line as paths.
    await expect.poll(() => page.getByTestId('sales-chart').locator('svg').count(), poll).toBe(1)
    await expect.poll(() => page.getByTestId('sales-chart').textContent(), poll).toContain('銷售額')
    expect(await page.getByTestId('sales-chart').locator('svg path').count()).toBeGreaterThan(2)

    await page.getByTestId('charts-groupBy').click()
    await page.getByTestId('charts-groupBy-hour').click()
    await expect.poll(() => page.getByTestId('sales-row').first().textContent(), poll).toMatch(/^\d\d:00\$37\.50/)
    await page.getByTestId('charts-by').click()
    await page.getByTestId('charts-by-method').click()
    await expect.poll(() => page.getByTestId('sales-row').first().getAttribute('data-dim'), poll).toBe('cash')
    expect(await page.getByTestId('sales-row').first().textContent()).toContain('現金')

    // A sale made elsewhere (another till) shows without a reload.
    await sell(4)
    await expect.poll(() => page.getByTestId('sales-total-amount').textContent(), poll).toBe('$87.50')
    expect(await page.getByTestId('sales-total-orders').textContent()).toBe('3')
  })

  it('exports the figures as a CSV with the numbers, and the dashboard shows today and the last orders', async () => {
    const { who, sell } = await shopWithSales(app.server.url, 'charts-export')
    await sell(3)
    const last = await sell(1)
    const page = await app.openAs(who, `/${who.shop!._id}/charts`, { viewport: DESKTOP })
    await expect.poll(() => page.getByTestId('sales-total-amount').textContent(), poll).toBe('$50.00')
    await page.getByTestId('charts-export').click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('charts-export-csv').click()])
    const lines = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines).toEqual(['Period,Sales,Orders,Units', `${hongKongToday()},50.00,2,4`])
    expect(download.suggestedFilename()).toMatch(/^sales-yearMonthDate-.*\.csv$/)

    await page.goto(app.url(`/${who.shop!._id}/dashboard`))
    await expect.poll(() => page.getByTestId('sales-today-amount').textContent(), poll).toBe('$50.00')
    expect(await page.getByTestId('sales-month-orders').textContent()).toBe('2 orders')
    await expect.poll(() => page.getByTestId('recent-order').count(), poll).toBe(2)
    const newest = page.getByTestId('recent-order').first()
    expect(await newest.getByTestId('recent-order-link').textContent()).toBe(last.orderId)
    expect(await newest.getByTestId('recent-order-link').getAttribute('href')).toContain(`/orders/${last._id}`)
    expect(await newest.getByTestId('recent-order-total').textContent()).toBe('$12.50')
    // Live: a new order joins the panel and today's sales.
    const next = await sell(2)
    await expect
      .poll(() => page.getByTestId('recent-order').first().getByTestId('recent-order-link').textContent(), poll)
      .toBe(next.orderId)
    await expect.poll(() => page.getByTestId('sales-today-amount').textContent(), poll).toBe('$75.00')
  })

  it('keeps the empty states for a new shop', async () => {
    const who = await merchant(app.server.url, 'charts-empty')
    const page = await app.openAs(who, `/${who.shop!._id}/dashboard`)
    await expect.poll(() => page.getByTestId('panel-sales-empty').count(), poll).toBe(1)
    await expect.poll(() => page.getByTestId('panel-recentOrders-empty').count(), poll).toBe(1)
    await page.goto(app.url(`/${who.shop!._id}/charts`))
    await expect.poll(() => page.getByTestId('charts-empty').count(), poll).toBe(1)
  })
})
