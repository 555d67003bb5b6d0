import { describe, expect, it } from 'vitest'
import { codeIn, latestMail, merchant, uniqueEmail } from '../support/api'
import { poll, useApp } from '../support/app'
import { patchShop, stockedProduct } from '../support/orders'

/**
 * The storefront's customer accounts (decision 0114) in a browser: a guest's past order, then the same
 * customer signs in on the shop's `/account` by the code mailed to them (read from the dev mailbox),
 * sees that order, and adds an address (a missing field is refused on the field first).
 */
describe('storefront accounts', () => {
  const app = useApp()

  it('signs in by the mailed code, shows the past order and keeps a new address', async () => {
    const base = app.server.url
    const who = await merchant(base, 'accounts')
    await patchShop(base, who, { pickUp: { enabled: true } })
    const tea = await stockedProduct(base, who, 'Oolong', 8800, 5)
    const shop = `/s/${(who.shop as { subdomain: string }).subdomain}`
    const email = uniqueEmail('customer')

    // A guest checkout earlier made no customer (decision 0120): the first sign-in registers the proven
    // e-mail, and the account then lists the guest's order placed with it.
    const placed = await fetch(`${base}${shop}/_commerce/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        lines: [{ product: tea._id, quantity: 1 }],
        customer: { firstName: 'Mei', lastName: 'Chan', email, phone: '91234567' },
        payment: 'cash',
        idempotencyKey: `accounts-e2e-${Date.now()}-key`
      })
    })
    expect(placed.status).toBe(201)
    const { order } = (await placed.json()) as { order: { orderId: string } }

    const customer = await app.open({ lang: 'en', allowErrors: [/status of 400/] })
    await customer.goto(`${base}${shop}/account?lang=en`)
    await customer.locator('[data-account-signin] input[name="email"]').fill(email)
    await customer.locator('[data-account-submit]').click()
    await expect.poll(() => customer.locator('[data-code-step]').isVisible(), poll).toBe(true)
    const code = codeIn(await latestMail(base, email, 'shopSignIn'))
    await customer.locator('[data-account-signin] input[name="code"]').fill(code)
    await customer.locator('[data-account-submit]').click()
    await expect.poll(() => customer.locator('[data-register-step]').isVisible(), poll).toBe(true)
    await customer.locator('[data-account-signin] input[name="firstName"]').fill('Mei')
    await customer.locator('[data-account-signin] input[name="phone"]').fill('91234567')
    await customer.locator('[data-account-submit]').click()

    await expect.poll(() => customer.locator('[data-signed-in]').getAttribute('data-signed-in'), poll).toBe('true')
    const row = customer.locator(`[data-order-row="${order.orderId}"]`)
    await expect.poll(() => row.textContent(), poll).toContain('$88.00')
    expect(await row.textContent()).toContain('Being prepared')

    // An address: refused on its field while the street is missing, then kept as the default.
    await customer.locator('[data-address-add] summary').click()
    const form = customer.locator('[data-address-form="new"]')
    await form.locator('input[name="firstName"]').fill('Mei')
    await form.locator('input[name="phone"]').fill('9123 4567')
    await form.locator('button[type="submit"]').click()
    await expect.poll(() => form.locator('[data-error-for="address.apt"]').textContent(), poll).toBe('Required')
    await form.locator('input[name="apt"]').fill('1 Queen’s Road Central')
    await form.locator('input[name="city"]').fill('Central')
    await form.locator('button[type="submit"]').click()
    await expect
      .poll(() => customer.locator('[data-account-addresses] [data-address-text]').first().textContent(), poll)
      .toContain('1 Queen’s Road Central')
    expect(await customer.locator('[data-account-addresses] li').first().textContent()).toContain('Default')
    await customer.screenshot({ path: '/tmp/storefront-account-en.png', fullPage: true })
  })
})
