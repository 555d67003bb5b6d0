import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { latestMail, merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { onlineOrder, stockedProduct } from '../support/orders'

// apps/web/src/features/settings-email/settings-email.messages.ts, en.
const SHIPMENT = 'Order shipped'
const QUEUED = 'Queued'
const CONFIRMATION = 'Order confirmation'

/**
 * settings/email (spec §2.2, §9.8; decisions 0147, 0148): the merchant picks a template, sees it with the
 * sample order, sends a test to themselves and finds it in the mail log; an online order's confirmation
 * shows on the order's page with its state.
 */
describe('settings/email', () => {
  const app = useApp()

  it('previews a template, sends a test to the merchant, shows it in the mail log, and an order’s mails on its page', async () => {
    const base = app.server.url
    const who = await merchant(base, 'mailsettings')
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/settings/email`, { lang: 'en', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)

    const templates = page.getByTestId('mail-templates')
    await expect.poll(() => shell.text(templates), poll).toContain(CONFIRMATION)
    await page.getByTestId('mail-template').click()
    await page.getByRole('option', { name: SHIPMENT }).click()
    await expect
      .poll(() => shell.text(page.getByTestId('mail-preview-subject')), poll)
      .toContain('Your order SAMPLE-0001 has been shipped')
    // The preview is the mail the server renders, with the sample order's tracking number.
    await expect
      .poll(async () => (await page.getByTestId('mail-preview').getAttribute('srcdoc')) ?? '', poll)
      .toContain('SF1234567890')

    await page.getByTestId('mail-send-test').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain(who.email)
    const mail = await latestMail(base, who.email, 'shop.shipment')
    expect(mail.subject).toBe('Your order SAMPLE-0001 has been shipped')
    expect(mail.text).toContain('SF1234567890')

    const log = page.getByTestId('mail-log')
    await expect.poll(() => shell.text(log), poll).toContain(who.email)
    expect(await shell.text(log)).toContain(SHIPMENT)
    // No MAIL_URL in this environment: the mail waits in the outbox, and the log says so.
    expect(await shell.text(log.getByTestId('mail-log-row').first())).toContain(QUEUED)

    // A shopper's order: its confirmation is on the order's page, with its state.
    const tea = await stockedProduct(base, who, 'Mail tea', 1250, 5)
    const order = await onlineOrder(base, who, [{ product: tea._id, quantity: 1 }])
    await page.goto(app.url(`/${shop}/orders/${order._id}`))
    const mails = page.getByTestId('order-mails')
    await expect.poll(() => shell.text(mails), poll).toContain('mei@example.com')
    expect(await shell.text(mails)).toContain(CONFIRMATION)
    expect(await shell.text(mails)).toContain(QUEUED)
  })
})
