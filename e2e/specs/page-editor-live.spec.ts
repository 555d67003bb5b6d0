import { beforeAll, describe, expect, it } from 'vitest'
import type { FrameLocator, Locator, Page } from 'playwright-core'
import type { PageNode } from '@emporia/shared'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { LOAD_MS } from '../support/budget'
import { seedProduct } from '../support/catalogue'
import { createRecord, findRecords } from '../support/records'

/*
 * What the merchant designs is what shoppers get (decision 0163): a page opened from the pages list lands
 * in the designer, its canvas renders through the storefront's own components, theme and data, and a list
 * bound to a category shows that category's products on the live storefront right after "Publish".
 */

const canvas = (page: Page): FrameLocator => page.frameLocator('#preview-frame')
const visible = (page: Page, id: string) => page.getByTestId(id).filter({ visible: true })

/** What a shopper reads, in order: the texts of the page's own blocks (not the header and footer). */
const textsOf = (root: Locator) =>
  root.locator('.ef-text').evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').trim()))
const styleOf = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node)
    return { fontFamily: style.fontFamily, fontSize: style.fontSize, color: style.color }
  })

const tree: PageNode[] = [
  { id: 'title', type: 'text', props: { text: { en: 'Spring teas', cht: '春茶', chs: '春茶' }, tag: 'h1' } },
  { id: 'banner', type: 'slider', props: { items: [{ text: 'Tea week' }], autoplay: false, height: '200px' } },
  {
    id: 'teas',
    type: 'for',
    // Bound to "Tea" by name, as the data-source picker stores it (page-editor-widgets.spec.ts).
    props: {
      source: {
        $exp: { $fetch: { source: 'products', params: { query: { $limit: 10, normalizedCategories: { $in: ['Tea'] } } } } }
      }
    },
    children: [
      {
        id: 'card',
        type: 'container',
        props: { css: { padding: { top: '8px', bottom: '8px' } } },
        children: [
          { id: 'cardName', type: 'text', props: { text: { $exp: '$$0.name' }, tag: 'h3' } },
          { id: 'cardPrice', type: 'text', props: { text: { $exp: '$$0.price' }, tag: 'span' } }
        ]
      }
    ]
  }
]

describe('page editor: what the merchant designs is what shoppers get', () => {
  const app = useApp()
  let owner: Merchant
  let home = ''

  beforeAll(async () => {
    const url = app.server.url
    owner = await merchant(url, 'livepages')
    const tea = (await createRecord(url, owner, 'categories', { name: { en: 'Tea', cht: '茶' } }))._id
    const cups = (await createRecord(url, owner, 'categories', { name: { en: 'Cups' } }))._id
    // One tea by its main category only, one by its list, a cup elsewhere, a tea kept off the web shop.
    await seedProduct(url, owner, { name: { en: 'Jasmine tea' }, price: 12900, category: tea, avail: 'both' })
    await seedProduct(url, owner, { name: { en: 'Oolong tea' }, price: 8900, categories: [tea], avail: 'eshop' })
    await seedProduct(url, owner, { name: { en: 'Clay cup' }, price: 4500, categories: [cups], avail: 'both' })
    await seedProduct(url, owner, { name: { en: 'Shop-only tea' }, price: 500, categories: [tea], avail: 'pos' })
    await createRecord(url, owner, 'themes', {
      font: 'Bitter',
      colors: { primary: '#2f5d50', text: '#33302e' },
      headerMenu: [],
      footerMenu: []
    })
    home = (await createRecord(url, owner, 'components', { name: 'Home', dataType: {}, data: {}, props: {}, content: tree }))._id
    await createRecord(url, owner, 'pages', { name: { en: 'Home' }, path: '/', component: home })
  })

  /** The pages list: a page opens in the designer, its canvas loaded. */
  const openFromList = async (page: Page, name: string) => {
    await page.goto(app.url(`/${owner.shop!._id}/eshop/pages`))
    await page.getByTestId('table-row').filter({ hasText: name }).first().click()
    await expect.poll(() => page.url(), poll).toContain('/eshop/pages/design/')
  }

  it('opens a page in the designer, publishes its list bound to a category, and the live page shows what the canvas showed', async () => {
    const page = await app.openAs(owner, '/dashboard', { viewport: { width: 1600, height: 1000 } })
    await openFromList(page, 'Home')
    expect(page.url()).toContain(`/design/${home}`)
    await expect
      .poll(() => canvas(page).locator('[data-puck-component="teas"]').count(), { timeout: LOAD_MS, interval: 200 })
      .toBe(1)
    const frame = canvas(page).locator('main.ef-main')
    await expect.poll(() => frame.locator('.ef-text--h3').count(), poll).toBe(2)
    await visible(page, 'designer-publish').click()
    await visible(page, 'publish-confirm').click()
    await expect.poll(() => visible(page, 'designer-save').getAttribute('data-dirty'), poll).toBe('false')
    await expect.poll(async () => (await findRecords(app.server.url, owner, 'siteVersions')).total, poll).toBe(1)
    const designed = await textsOf(frame)
    const heading = await styleOf(frame.locator('.ef-text--h1').first())

    // The shopper, on the shop's address.
    const shopper = await app.open({ lang: null, viewport: { width: 1600, height: 1000 } })
    await shopper.goto(app.url(`/s/${owner.shop!.subdomain}/?lang=en`))
    const live = shopper.locator('main.ef-main')
    await expect.poll(() => live.locator('.ef-text--h3').count(), poll).toBe(2)
    expect(await textsOf(live)).toEqual(designed)
    expect([...designed].sort()).toEqual(['$129.00', '$89.00', 'Jasmine tea', 'Oolong tea', 'Spring teas'])
    expect(await styleOf(live.locator('.ef-text--h1').first())).toEqual(heading)
    expect(heading.fontFamily).toContain('Bitter')
    // The banner, the header and the footer in both.
    expect(await live.locator('.ef-slider').count()).toBe(await frame.locator('.ef-slider').count())
    expect(await canvas(page).locator('.ef-header').count()).toBe(await shopper.locator('.ef-header').count())
    expect(await canvas(page).locator('.ef-footer').count()).toBe(await shopper.locator('.ef-footer').count())
    await page.screenshot({ path: '/tmp/h4-designer.png' })
    await shopper.screenshot({ path: '/tmp/h4-live.png' })
  })

  it('creates a page in a small dialog that lands in the designer; its settings are a dialog there', async () => {
    const page = await app.openAs(owner, `/${owner.shop!._id}/eshop/pages`, { viewport: { width: 1600, height: 1000 } })
    await page.getByTestId('table-add').click()
    const dialog = page.getByTestId('new-page-dialog')
    await dialog.getByTestId('new-page-name').fill('About us')
    await dialog.getByTestId('new-page-path').fill('/about')
    await dialog.getByTestId('new-page-create').click()
    await expect.poll(() => page.url(), poll).toMatch(/\/eshop\/pages\/design\/[0-9a-f]{24}/)
    await expect.poll(() => visible(page, 'page-designer').count(), { timeout: LOAD_MS, interval: 200 }).toBe(1)
    const { data: pages } = await findRecords<{ _id: string; path: string; component: string }>(
      app.server.url,
      owner,
      'pages',
      'path=%2Fabout'
    )
    expect(pages).toHaveLength(1)
    expect(page.url()).toContain(`/design/${pages[0].component}`)
    // Title, path and SEO: the designer's "Page settings".
    await visible(page, 'designer-page-settings').click()
    // The page's own record, its SEO fields with it.
    await expect.poll(() => page.getByTestId('field-name-en').inputValue(), poll).toBe('About us')
    expect(await page.getByTestId('field-seo.title-en').count()).toBe(1)
    expect(page.url()).toContain('/design/')
    await page.screenshot({ path: '/tmp/h4-new-page.png' })
  })
})
