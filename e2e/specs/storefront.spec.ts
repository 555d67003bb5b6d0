import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct } from '../support/catalogue'
import { createRecord } from '../support/records'

type Node = { id: string; type: string; props: Record<string, unknown>; children?: Node[] }
const component = (name: string, content: Node[], more: Record<string, unknown> = {}) => ({
  name,
  dataType: {},
  data: {},
  props: {},
  content,
  ...more
})
const text = (id: string, value: unknown, tag = 'p'): Node => ({ id, type: 'text', props: { text: value, tag } })

/**
 * The storefront's islands (decision 0108) in a real browser: server HTML with `data-island` markers,
 * hydrated by the one small script. A shop is set up and published over REST, then visited at its
 * `/s/{subdomain}` address as a customer (no sign-in).
 */
describe('storefront islands', () => {
  const app = useApp()
  let owner: Merchant
  let base = ''
  const products: string[] = []

  beforeAll(async () => {
    const url = app.server.url
    owner = await merchant(url, 'storefront')
    base = `/s/${owner.shop!.subdomain}`
    const tea = (await createRecord(url, owner, 'categories', { name: { en: 'Tea' } }))._id
    const cups = (await createRecord(url, owner, 'categories', { name: { en: 'Cups' } }))._id
    for (const [name, price, category] of [
      ['Jasmine tea', 12900, tea],
      ['Oolong tea', 8900, tea],
      ['Clay cup', 4500, cups]
    ] as const)
      products.push((await seedProduct(url, owner, { name: { en: name }, price, categories: [category] }))._id)
    const product = await createRecord(
      url,
      owner,
      'components',
      component(
        'Product',
        [
          text('name', { $exp: 'product.name' }, 'h1'),
          text('price', { $exp: 'product.price' }, 'span'),
          { id: 'qty', type: 'numPicker', props: { value: 1, min: 1, max: 3 } },
          {
            id: 'tabs',
            type: 'tab',
            props: { tabs: ['Details', 'Shipping'] },
            children: [text('details', 'Hand picked in spring'), text('shipping', 'Ships in two days')]
          }
        ],
        { props: { product: { type: 'product' } } }
      )
    )
    const card: Node = {
      id: 'card',
      type: 'link',
      props: {
        text: { $exp: '$$0.name' },
        to: { type: 'page', page: product._id, params: { id: { $exp: '$$0._id' } } },
        css: { padding: { top: '8px', bottom: '8px' } }
      }
    }
    const list = (id: string): Node => ({
      id,
      type: 'for',
      props: { source: { $exp: { $fetch: { source: 'products', params: { query: { $limit: 20 } } } } } },
      children: [card]
    })
    const home = await createRecord(
      url,
      owner,
      'components',
      component('Home', [
        {
          id: 'hero',
          type: 'slider',
          props: {
            items: [{ text: 'Spring teas' }, { text: 'New cups' }, { text: 'Gift sets' }],
            autoplay: false,
            height: '240px'
          }
        },
        text('welcome', 'Welcome to the tea house', 'h1'),
        list('all')
      ])
    )
    const collection = await createRecord(
      url,
      owner,
      'components',
      component('Collection', [
        { id: 'filter', type: 'productFilter', props: { priceRanges: [{ min: 0, max: 5000 }, { min: 5000 }] } },
        list('listed')
      ])
    )
    await createRecord(url, owner, 'pages', { name: 'Home', path: '/', component: home._id })
    await createRecord(url, owner, 'pages', { name: 'Product', path: '/products/:id', component: product._id })
    await createRecord(url, owner, 'pages', { name: 'Shop', path: '/collections', component: collection._id })
    await createRecord(url, owner, 'themes', {
      colors: { primary: '#2f5d50' },
      headerMenu: [
        { type: 'drawer' },
        { type: 'logo' },
        { name: 'Shop all', to: { page: collection._id } },
        { type: 'spacer' },
        { type: 'cart' }
      ],
      footerMenu: []
    })
    await createRecord(url, owner, 'siteVersions', { note: 'first' })
  })

  const visit = async (path: string, viewport = { width: 390, height: 844 }) => {
    const page = await app.open({ lang: null, viewport })
    const scripts: number[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(Number((await response.headerValue('content-length')) ?? 0))
    })
    await page.goto(app.url(`${base}${path}${path.includes('?') ? '&' : '?'}lang=en`))
    // Hydrated islands carry data-hydrated: the script ran.
    await expect.poll(() => page.locator('[data-island][data-hydrated]').count(), poll).toBeGreaterThan(0)
    return { page, scripts }
  }
  const current = (page: Page) => page.locator('.ef-slider__dots [aria-current="true"]').getAttribute('aria-label')

  it('slides with the arrows and the dots', async () => {
    const { page } = await visit('/')
    expect(await current(page)).toBe('Slide 1')
    await page.locator('.ef-slider__next').click()
    await expect.poll(() => current(page), poll).toBe('Slide 2')
    await page.locator('.ef-slider__dots [data-slide="2"]').click()
    await expect.poll(() => current(page), poll).toBe('Slide 3')
    // Past the last slide comes the first.
    await page.locator('.ef-slider__next').click()
    await expect.poll(() => current(page), poll).toBe('Slide 1')
  })

  it('opens the drawer from the header and closes it with Escape and a click outside', async () => {
    const { page } = await visit('/')
    const drawer = page.locator('#ef-drawer')
    expect(await drawer.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(0)
    await page.locator('[data-drawer-toggle]').click()
    await expect.poll(() => drawer.evaluate((element) => element.classList.contains('ef-open')), poll).toBe(true)
    await expect.poll(() => drawer.evaluate((element) => Math.round(element.getBoundingClientRect().left)), poll).toBe(0)
    expect(await drawer.getByText('Shop all').isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => drawer.evaluate((element) => element.classList.contains('ef-open')), poll).toBe(false)
    await page.locator('[data-drawer-toggle]').click()
    // The drawer covers the left of a phone's screen: a tap on the right is outside it.
    await expect.poll(() => drawer.evaluate((element) => element.classList.contains('ef-open')), poll).toBe(true)
    await page.mouse.click(380, 600)
    await expect.poll(() => drawer.evaluate((element) => element.classList.contains('ef-open')), poll).toBe(false)
  })

  it('switches tabs and steps the quantity within its bounds on a product page, with little script', async () => {
    const { page, scripts } = await visit(`/products/${products[0]}`)
    expect(await page.locator('h1').first().textContent()).toBe('Jasmine tea')
    expect(await page.getByText('$129.00').count()).toBe(1)
    const shipping = page.getByRole('tab', { name: 'Shipping' })
    expect(await page.getByText('Ships in two days').isVisible()).toBe(false)
    await shipping.click()
    await expect.poll(() => page.getByText('Ships in two days').isVisible(), poll).toBe(true)
    expect(await page.getByText('Hand picked in spring').isVisible()).toBe(false)
    expect(await shipping.getAttribute('aria-selected')).toBe('true')
    // Arrow keys move between tabs too.
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => page.getByText('Hand picked in spring').isVisible(), poll).toBe(true)
    const quantity = page.locator('.ef-num input')
    const plus = page.getByRole('button', { name: 'Increase' })
    for (let i = 0; i < 4; i++) await plus.click()
    await expect.poll(() => quantity.inputValue(), poll).toBe('3')
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Decrease' }).click()
    await expect.poll(() => quantity.inputValue(), poll).toBe('1')
    // Issue 18: at most 70 KB of gzipped JavaScript on a product page.
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.reduce((sum, bytes) => sum + bytes, 0)).toBeLessThan(70 * 1024)
  })

  it('applies a filter as soon as it is chosen', async () => {
    const { page } = await visit('/collections', { width: 1280, height: 800 })
    const names = () => page.locator('main .ef-link').allTextContents()
    await expect.poll(names, poll).toHaveLength(3)
    expect(await page.locator('[data-filter-apply]').isVisible()).toBe(false)
    await page.locator('select[name="sort"]').selectOption('price')
    await page.waitForURL(/sort=price/)
    await expect.poll(names, poll).toEqual(['Clay cup', 'Oolong tea', 'Jasmine tea'])
    await page.locator('select[name="price"]').selectOption('0-5000')
    await page.waitForURL(/price=0-5000/)
    await expect.poll(names, poll).toEqual(['Clay cup'])
    // Empty choices stay out of the address.
    expect(page.url()).not.toContain('category=')
  })
})
