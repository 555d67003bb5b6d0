import { describe, expect, it } from 'vitest'
import { localeIds } from '../../src/i18n/locales'
import {
  collectFetches,
  componentProblems,
  fetchKey,
  resolvePage,
  type ComponentModel,
  type ResolvedNode
} from '../../src/pages/index'
import {
  findShopTemplate,
  installOrder,
  shopTemplates,
  templateComponentData,
  templatePagesData,
  templateThemeData,
  type ShopTemplate
} from '../../src/eshop/templates/index'
import { themeColorKeys } from '../../src/eshop/theme.schema'
import { isColor } from '../../src/pages/css-values'

const products = [
  {
    _id: 'p1',
    name: { en: 'Linen shirt', cht: '亞麻恤衫', chs: '亚麻衬衫' },
    desc: { en: 'Soft linen', cht: '柔軟亞麻' },
    content: '<p>Washed linen</p>',
    images: [{ type: 'src', src: '/media/p1.jpg', width: 800, height: 800 }],
    price: 39900
  },
  { _id: 'p2', name: 'Tea cup', images: [], price: 12000, dprice: 9900 }
]

const models = (template: ShopTemplate): Record<string, ComponentModel> =>
  Object.fromEntries(
    template.components.map((component) => [component.key, { ...component, name: component.name.en, _id: component.key }])
  )
const targets = (template: ShopTemplate) => template.pages.map((page) => ({ component: page.component, path: page.path }))

/** Every node of a resolved tree, depth first. */
const flatten = (nodes: readonly ResolvedNode[]): ResolvedNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)])

/** Every `{en, cht, chs}` text of a value, with where it was found. */
const texts = (value: unknown, path = ''): [string, Record<string, unknown>][] => {
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${path}.${index}`))
  if (typeof value !== 'object' || value === null) return []
  const record = value as Record<string, unknown>
  if ('en' in record || 'cht' in record || 'chs' in record) return [[path, record]]
  return Object.entries(record).flatMap(([key, item]) => texts(item, `${path}.${key}`))
}

const resolveAll = (template: ShopTemplate, locale: (typeof localeIds)[number], key: string) => {
  const components = models(template)
  const component = components[key]
  const fetched = Object.fromEntries(
    collectFetches(component, components).map((call) => [fetchKey(call), products.slice(0, Number(call.params.query.$limit))])
  )
  const props = key === 'product' ? { product: products[0] } : undefined
  return resolvePage(component, { locale, fetched, components, pages: targets(template), props, base: '/s/demo' })
}

describe('shop templates (spec §2.9, decision 0110)', () => {
  it('offers at least three templates with distinct ids, three colour schemes each', () => {
    expect(shopTemplates.length).toBeGreaterThanOrEqual(3)
    expect(new Set(shopTemplates.map((template) => template.id)).size).toBe(shopTemplates.length)
    for (const template of shopTemplates) {
      expect(findShopTemplate(template.id)).toBe(template)
      expect(template.colorSchemes.length).toBeGreaterThanOrEqual(3)
      for (const scheme of template.colorSchemes)
        for (const key of themeColorKeys) expect(isColor(scheme.colors[key]), `${template.id} ${scheme.id} ${key}`).toBe(true)
    }
    expect(findShopTemplate('nope')).toBeUndefined()
  })

  it.each(shopTemplates.map((template) => [template.id, template]))(
    '%s: home, collection, product, cart and about pages',
    (_, template) => {
      expect(template.pages.map((page) => page.path).sort()).toEqual([
        '/',
        '/about',
        '/cart',
        '/collections',
        '/products/:id',
        '/search'
      ])
      const keys = template.components.map((component) => component.key)
      for (const page of template.pages) expect(keys).toContain(page.component)
      expect(template.pages.find((page) => page.path === '/')?.component).toBe(template.home)
    }
  )

  it.each(shopTemplates.map((template) => [template.id, template]))(
    '%s: every component passes componentProblems',
    (_, template) => {
      const components = models(template)
      for (const component of template.components)
        expect(componentProblems(components[component.key], components), `${template.id}/${component.key}`).toEqual([])
    }
  )

  it.each(shopTemplates.map((template) => [template.id, template]))(
    '%s: every text is given in en, cht and chs',
    (_, template) => {
      for (const [path, text] of texts(template))
        for (const locale of localeIds)
          expect(typeof text[locale] === 'string' && text[locale] !== '', `${path} ${locale}`).toBe(true)
    }
  )

  it.each(shopTemplates.map((template) => [template.id, template]))(
    '%s: every page resolves without problems in every language',
    (_, template) => {
      for (const locale of localeIds)
        for (const page of template.pages)
          expect(resolveAll(template, locale, page.component).problems, `${page.path} ${locale}`).toEqual([])
    }
  )

  it('renders a home with a banner slider and the featured products linking to their pages', () => {
    const template = shopTemplates[0]
    const nodes = flatten(resolveAll(template, 'cht', template.home).nodes)
    const slider = nodes.find((node) => node.type === 'slider')
    const items = slider?.props.items as { image: { src: string }; text: string; to: { href: string } }[]
    expect(items).toHaveLength(3)
    expect(items[0].image.src).toBe('/eshop-templates/harbour-slide-1.svg')
    expect(items[0].to.href).toBe('/s/demo/collections')
    expect(items[0].text).toBe('新季節，新到貨')
    const names = nodes.filter((node) => node.type === 'link' && String(node.key).includes('featured-grid'))
    expect(names.map((node) => node.props.text)).toEqual(['亞麻恤衫', 'Tea cup'])
    expect(names.map((node) => (node.props.to as { href: string }).href)).toEqual(['/s/demo/products/p1', '/s/demo/products/p2'])
    // A product on sale shows both prices; the other only its price.
    const prices = nodes
      .filter((node) => node.type === 'text' && /price|dprice|was/.test(node.key))
      .map((node) => node.props.text)
    expect(prices).toEqual(['$399.00', '$99.00', '$120.00'])
  })

  it('binds the product page to the product prop: images, name, description, content, attributes, add to cart', () => {
    const template = shopTemplates[1]
    const nodes = flatten(resolveAll(template, 'en', 'product').nodes)
    const byKey = (key: string) => nodes.find((node) => node.key.endsWith(key))
    expect(byKey('main-image')?.props.image).toEqual(products[0].images[0])
    expect(byKey('details/name')?.props.text).toBe('Linen shirt')
    expect(byKey('desc')?.props.text).toBe('Soft linen')
    expect(byKey('content')?.props.html).toBe('<p>Washed linen</p>')
    expect(byKey('attributes')?.props.product).toBe(products[0])
    expect(byKey('add-to-cart')?.props.to).toEqual({ href: '/s/demo/cart', external: false })
    expect(nodes.some((node) => node.type === 'numPicker')).toBe(true)
  })
})

describe('installing a template (decision 0110)', () => {
  const template = shopTemplates[2]
  const ids = Object.fromEntries(template.components.map((component, index) => [component.key, `${index}`.padStart(24, 'a')]))

  it('orders components so the ones placed by others come first', () => {
    const order = installOrder(template.components).map((component) => component.key)
    expect(order).toHaveLength(template.components.length)
    for (const placer of ['home', 'collection', 'product']) expect(order.indexOf('card')).toBeLessThan(order.indexOf(placer))
  })

  it('points placed components, page links and menus at the new ids', () => {
    const home = templateComponentData(
      template,
      template.components.find((c) => c.key === 'home')!,
      ids
    )
    const json = JSON.stringify(home)
    expect(json).toContain(`"component":"${ids.card}"`)
    expect(json).toContain(`"page":"${ids.collection}"`)
    expect(json).not.toMatch(/"(page|component)":"(card|collection|product|cart|about|home)"/)
    const pages = templatePagesData(template, ids)
    expect(pages.find((page) => page.path === '/products/:id')?.component).toBe(ids.product)
    const theme = templateThemeData(template, ids)
    expect(JSON.stringify(theme.headerMenu)).toContain(`"page":"${ids.about}"`)
    expect(theme.template).toBe('neon')
    expect(theme.favicon).toEqual({ type: 'src', src: '/eshop-templates/neon-icon.svg', width: 64, height: 64 })
    expect(theme.colors).toEqual(template.colorSchemes[0].colors)
  })

  it('names each component in the language it is installed in', () => {
    const names = (locale: 'en' | 'cht' | 'chs') =>
      template.components.map((component) => templateComponentData(template, component, ids, {}, locale).name)
    expect(names('en')).toContain('Product card')
    expect(names('cht')).toEqual(expect.arrayContaining(['首頁', '商品卡片', '購物車']))
    expect(names('chs')).toEqual(expect.arrayContaining(['首页', '商品卡片', '购物车']))
    for (const name of [...names('cht'), ...names('chs')]) expect(name).not.toMatch(/[A-Za-z]/)
  })

  it('swaps the template colours for the chosen scheme everywhere, and keeps the rest', () => {
    const chosen = template.colorSchemes[2].colors
    const own = template.colorSchemes[0].colors
    const card = templateComponentData(
      template,
      template.components.find((c) => c.key === 'card')!,
      ids,
      { accent: chosen.accent }
    )
    const json = JSON.stringify(card)
    expect(json).toContain(chosen.accent)
    expect(json).not.toContain(own.accent)
    const theme = templateThemeData(template, ids, { theme: '#123456' })
    expect(theme.colors.theme).toBe('#123456')
    expect(theme.colors.primary).toBe(own.primary)
    expect(theme.header?.background).toBe('#123456')
  })
})
