import { describe, expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import { codeIn, latestMail, merchant, uniqueEmail } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord } from '../support/catalogue'
import { stockedProduct } from '../support/orders'
import { createRecord } from '../support/records'

/** A desktop browser's name: the headless one calls itself HeadlessChrome, which is no visitor (decision 0194). */
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const REVIEW = '很香的茉莉花茶，會再買'

/**
 * Reviews and visitors (decisions 0193, 0194), in cht: the merchant turns reviews on in settings/shop; a
 * visitor from Facebook lands on a product page, is asked to sign in, signs in by the mailed code and
 * reviews the tea; the merchant approves it on the moderation list; the review shows on the product page,
 * and the dashboard shows it and the visit's referring site.
 */
describe('reviews and visits', () => {
  const app = useApp()

  it('a signed-in customer reviews, the merchant approves, the dashboard shows the review and the referrer', async () => {
    const base = app.server.url
    const who = await merchant(base, 'reviews')
    const shopId = who.shop!._id
    await createRecord(base, who, 'themes/install', { template: 'jade', mode: 'install' })
    const tea = await stockedProduct(base, who, '茉莉花茶', 9800, 5)

    const office = await app.openAs(who, `/${shopId}/settings/shop`, { lang: 'cht' })
    await office.getByTestId('shop-flow').waitFor()
    await office.getByTestId('field-useComment').check()
    await office.getByTestId('shop-flow-save').click()
    await expect.poll(async () => (await readRecord<Shop>(base, who, 'shops', shopId)).useComment, poll).toBe(true)

    // The visitor comes from Facebook; signed out, the review form sends them to sign in.
    const store = `${base}/s/${who.shop!.subdomain}`
    const customer = await app.open({ lang: 'cht', allowErrors: [/status of 401/] })
    await customer.setExtraHTTPHeaders({ 'User-Agent': BROWSER })
    await customer.goto(`${store}/products/${tea._id}?lang=cht`, { referer: 'https://www.facebook.com/groups/tea-lovers' })
    const form = customer.locator('form[data-island="productComment"]')
    await form.locator('textarea[name="text"]').fill(REVIEW)
    await form.locator('button[type="submit"]').click()
    await expect.poll(() => form.locator('[data-comment-error]').textContent(), poll).toBe('請先登入帳戶再撰寫評價。')

    await form.locator('a[href$="/account"]').click()
    const email = uniqueEmail('reviewer')
    await customer.locator('[data-account-signin] input[name="email"]').fill(email)
    await customer.locator('[data-account-submit]').click()
    await expect.poll(() => customer.locator('[data-code-step]').isVisible(), poll).toBe(true)
    await customer.locator('[data-account-signin] input[name="code"]').fill(codeIn(await latestMail(base, email, 'shopSignIn')))
    await customer.locator('[data-account-submit]').click()
    await expect.poll(() => customer.locator('[data-register-step]').isVisible(), poll).toBe(true)
    await customer.locator('[data-account-signin] input[name="firstName"]').fill('美玲')
    await customer.locator('[data-account-submit]').click()
    await expect.poll(() => customer.locator('[data-signed-in]').getAttribute('data-signed-in'), poll).toBe('true')

    await customer.goto(`${store}/products/${tea._id}?lang=cht`)
    await form.locator('select[name="rating"]').selectOption('5')
    await form.locator('textarea[name="text"]').fill(REVIEW)
    await form.locator('button[type="submit"]').click()
    await expect.poll(() => form.locator('[data-comment-sent]').textContent(), poll).toContain('商店批准後')
    expect(await customer.locator('[data-testid="product-comment"]').count()).toBe(0)

    // The merchant approves it on the moderation list.
    await office.goto(`${base}/${shopId}/product-comments`)
    const row = office.getByTestId('table-row').filter({ hasText: REVIEW })
    await expect.poll(() => row.getByTestId('cell-status').textContent(), poll).toBe('等待批准')
    await row.getByTestId('row-select').click()
    await office.getByTestId('table-batch-approve').click()
    await expect.poll(() => row.getByTestId('cell-status').textContent(), poll).toBe('已批准')

    await customer.reload()
    await expect.poll(() => customer.locator('[data-testid="product-comment"]').first().textContent(), poll).toContain(REVIEW)
    expect(await customer.locator('[data-testid="product-comment"]').first().textContent()).toContain('美玲')
    await customer.screenshot({ path: '/tmp/reviews-product-cht.png', fullPage: true })

    // The dashboard: the review, and the visit's referrer once the visit log has written it (every few seconds).
    await office.goto(`${base}/${shopId}/dashboard`)
    await expect.poll(() => office.getByTestId('recent-comment').first().textContent(), poll).toContain(REVIEW)
    await expect
      .poll(
        async () => {
          // The panel shows its empty state while its code and figures load: read it once they have.
          await office.reload()
          await office.waitForLoadState('networkidle')
          return (await office.getByTestId('panel-referrals').textContent()) ?? ''
        },
        { ...poll, interval: 1000 }
      )
      .toContain('www.facebook.com')
    expect(await office.getByTestId('comments-moderate').getAttribute('href')).toContain('/product-comments')
    await office.screenshot({ path: '/tmp/reviews-dashboard-cht.png', fullPage: true })
  })
})
