import { describe, expect, it } from 'vitest'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { clearPrinted, devicePrompts, feedScale, indexOfBytes, installFakeDevices, printedBytes } from '../support/fake-devices'
import { createOrder, patchShop, pay, stockedProduct } from '../support/orders'
import { createRecord } from '../support/records'

/** A moment as a person in Hong Kong reads it: `2026-11-28 22:13` (decision 0141). */
const hongKongTime = (iso: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Hong_Kong',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23'
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value])
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

describe('the till hardware from the browser (spec §2.2, §2.13, §9.8; decision 0097)', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'hardware'))
  const openWithDevices = async (path: string) => {
    const page = await app.openAs(await ownerOnce(), path, { onPage: (page) => void installFakeDevices(page) })
    // The init script is queued before the navigation; should it ever miss the first document, reload once.
    if (!(await page.evaluate(() => '__fakeDevices' in window))) await page.reload()
    return page
  }

  it('connects a USB printer, prints a receipt, kicks the drawer and reconnects without a prompt', async () => {
    const page = await openWithDevices('/emporia/printer')
    const state = page.getByTestId('printer-state')
    await expect.poll(() => state.getAttribute('data-state'), poll).toBe('disconnected')
    await page.getByTestId('printer-connect').click()
    await expect.poll(() => state.getAttribute('data-state'), poll).toBe('connected')
    expect(await page.getByTestId('printer-name').textContent()).toContain('EPSON TM-T20III')

    await page.getByTestId('printer-print').click()
    await expect.poll(async () => (await printedBytes(page, 'usb')).length, poll).toBeGreaterThan(500)
    const receipt = await printedBytes(page, 'usb')
    expect(receipt.slice(0, 2)).toEqual([0x1b, 0x40]) // ESC @
    for (const text of ['Emporia', 'P-000123', 'INV-000123', 'Cash received'])
      expect(indexOfBytes(receipt, text), text).toBeGreaterThan(0)
    expect(indexOfBytes(receipt, [0x1d, 0x28, 0x6b])).toBeGreaterThan(0) // the QR
    expect(indexOfBytes(receipt, [0x1b, 0x2a, 0x21])).toBeGreaterThan(0) // the Chinese lines, drawn as images
    expect(indexOfBytes(receipt, [0x1d, 0x56, 0x01])).toBeGreaterThan(receipt.length - 10) // the cut, last

    await clearPrinted(page)
    await page.getByTestId('printer-drawer').click()
    await expect.poll(() => printedBytes(page, 'usb'), poll).toEqual([0x1b, 0x70, 0x00, 0x32, 0xfa])

    // A new visit: the printer used last comes back from getDevices(), with no chooser shown.
    await page.reload()
    await page.getByTestId('printer-reconnect').click()
    await expect.poll(() => state.getAttribute('data-state'), poll).toBe('connected')
    expect(await devicePrompts(page)).toEqual({ usb: 0, serial: 0, bluetooth: 0 })
  })

  it("reprints any order's receipt from its page: the shop's local time, the station and the staff by name (decision 0141)", async () => {
    const who = await ownerOnce()
    const base = app.server.url
    await patchShop(base, who, { timeZone: 'Asia/Hong_Kong' })
    const station = (await createRecord(base, who, 'shop/cashiers', { id: 'front', name: 'Front till' })) as { _id: string }
    const tea = await stockedProduct(base, who, 'Reprint tea', 1250, 10)
    const order = await createOrder(base, who, {
      source: 'pos',
      cashier: station._id,
      products: [{ product: tea._id, quantity: 2 }]
    })
    await pay(base, who, { order: order._id, method: 'cash', amount: order.total, received: 3000 })
    const { date } = order as unknown as { date: string }
    const local = hongKongTime(date)

    const page = await openWithDevices(`/${who.shop!._id}/orders/${order._id}`)
    // No printer on this device yet: the dialog says so and connects one with the till's own panel.
    await page.getByTestId('order-print-receipt').click()
    await page.getByTestId('order-receipt-no-printer').waitFor({ timeout: poll.timeout })
    await page.getByTestId('order-receipt-dialog').getByTestId('printer-connect').click()
    await page.getByTestId('order-receipt-no-printer').waitFor({ state: 'detached', timeout: poll.timeout })
    await page.getByTestId('order-receipt-print').click()
    await expect.poll(async () => indexOfBytes(await printedBytes(page, 'usb'), 'Reprint tea'), poll).toBeGreaterThan(0)
    const receipt = await printedBytes(page, 'usb')
    for (const text of [order.orderId, local, 'Front till', 'Staff', 'Cash received', '$30.00', '$5.00'])
      expect(indexOfBytes(receipt, text), text).toBeGreaterThan(0)
    expect(indexOfBytes(receipt, date.slice(0, 16))).toBe(-1) // not the stored UTC form
    expect(indexOfBytes(receipt, station._id)).toBe(-1)

    // The printable invoice: the same local time, the station by name.
    await page.goto(app.url(`/${who.shop!._id}/o/${order._id}`))
    await expect.poll(() => page.getByTestId('invoice-date').textContent(), poll).toBe(local)
    await expect.poll(() => page.getByTestId('invoice-cashier').textContent(), poll).toBe('Front till')
  })

  it('prints labels on a serial printer, as many as asked, each cut', async () => {
    const page = await openWithDevices('/emporia/label')
    await page.getByRole('combobox', { name: 'Connection' }).click()
    await page.getByRole('option', { name: 'Serial port' }).click()
    await page.getByTestId('printer-connect').click()
    await expect.poll(() => page.getByTestId('printer-state').getAttribute('data-state'), poll).toBe('connected')
    await page.getByTestId('label-copies').fill('0')
    expect(await page.getByTestId('label-print').isDisabled()).toBe(true) // refused, not rounded up
    await page.getByTestId('label-copies').fill('2')
    await page.getByTestId('label-name').fill('Oolong tea')
    await page.getByTestId('label-print').click()
    const cut = [0x1d, 0x56, 0x01]
    const cuts = (bytes: number[]) => bytes.filter((_, at) => indexOfBytes(bytes.slice(at, at + 3), cut) === 0).length
    await expect.poll(async () => cuts(await printedBytes(page, 'serial')), poll).toBe(2)
    const bytes = await printedBytes(page, 'serial')
    expect(bytes.slice(0, 2)).toEqual([0x1b, 0x40])
    expect(indexOfBytes(bytes, 'Oolong tea', indexOfBytes(bytes, 'Oolong tea') + 1)).toBeGreaterThan(0) // on both labels
    expect(indexOfBytes(bytes, [0x1d, 0x6b, 0x02, ...Array.from('4891234567890', (c) => c.charCodeAt(0))])).toBeGreaterThan(0) // EAN-13
  })

  it('prints a batch of labels on a Bluetooth printer', async () => {
    const page = await openWithDevices('/emporia/batch')
    await page.getByRole('combobox', { name: 'Connection' }).click()
    await page.getByRole('option', { name: 'Bluetooth' }).click()
    await page.getByTestId('printer-connect').click()
    await expect.poll(() => page.getByTestId('printer-state').getAttribute('data-state'), poll).toBe('connected')
    await page.getByTestId('batch-list').fill('Green tea, 4891234567890, $12.50\nJasmine, 123, $8.00\nOolong, , $9.00')
    await page.getByTestId('label-copies').fill('2')
    expect(await page.getByTestId('batch-print').textContent()).toBe('Print 6 labels')
    await page.getByTestId('batch-print').click()
    await expect.poll(async () => indexOfBytes(await printedBytes(page, 'bluetooth'), 'Oolong'), poll).toBeGreaterThan(0)
    const bytes = await printedBytes(page, 'bluetooth')
    for (const name of ['Green tea', 'Jasmine', 'Oolong']) expect(indexOfBytes(bytes, name), name).toBeGreaterThan(0)
  })

  it('connects a serial scale and shows its readings, settling, and its state', async () => {
    const page = await openWithDevices('/emporia/weight')
    const state = page.getByTestId('scale-state')
    await expect.poll(() => state.getAttribute('data-state'), poll).toBe('disconnected')
    await page.getByTestId('scale-connect').click()
    await expect.poll(() => state.getAttribute('data-state'), poll).toBe('connected')
    expect(await page.getByTestId('scale-reading').textContent()).toBe('No reading yet.')

    // CAS continuous output, cut mid-line as a serial read would, with noise before it.
    expect(await feedScale(page, [0x00, 0xff, ...Array.from('US,GS,+  0.8', (c) => c.charCodeAt(0))])).toBe(true)
    await feedScale(page, '12kg\r\n')
    await expect.poll(() => page.getByTestId('scale-reading').textContent(), poll).toBe('0.812 kg')
    expect(await page.getByTestId('scale-stable').getAttribute('data-stable')).toBe('false')
    await feedScale(page, 'ST,GS,+  1.2')
    await feedScale(page, '34kg\r\n')
    await expect.poll(() => page.getByTestId('scale-reading').textContent(), poll).toBe('1.234 kg')
    expect(await page.getByTestId('scale-stable').getAttribute('data-stable')).toBe('true')
    expect(await page.getByTestId('scale-converted').textContent()).toContain('1.234 kg')

    await page.getByTestId('scale-disconnect').click()
    await expect.poll(() => state.getAttribute('data-state'), poll).toBe('disconnected')
  })
})
