import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { resolvePage, type ComponentModel, type PageNode } from '@emporia/shared'
import { RenderNodes, ThemeContextProvider, renderContext, themeRenderers, themeVariables } from '../src'
import { themeComponentNames } from '@emporia/shared'

const page = (content: PageNode[], data: Record<string, unknown> = {}): ComponentModel =>
  ({ name: 'page', dataType: {}, data, props: {}, content }) as unknown as ComponentModel

const render = (content: PageNode[], context = {}, options: Partial<Parameters<typeof resolvePage>[1]> = {}) => {
  const { nodes } = resolvePage(page(content), { locale: 'en', ...options })
  return renderToString(
    <ThemeContextProvider value={renderContext({ locale: 'en', shopName: 'Tea House', ...context })}>
      <RenderNodes nodes={nodes} />
    </ThemeContextProvider>
  )
}

describe('theme renderers', () => {
  it('has a renderer for every theme component of §3.15', () => {
    for (const name of themeComponentNames) expect(themeRenderers).toHaveProperty(name)
  })

  it('offers a product’s SKUs as radios in a form, out-of-stock ones disabled, the asked one checked', () => {
    const skus = [
      { id: 'small', name: 'Small', price: '$15.00', dprice: '', inStock: false },
      { id: 'large', name: 'Large', price: '$25.00', dprice: '$22.00', inStock: true },
      { id: 'gold', name: 'Gold', price: '$90.00', dprice: '', inStock: true }
    ]
    const picker: PageNode[] = [{ id: 'k', type: 'skuPicker', props: { product: { skus } } }]
    const html = render(picker)
    expect(html).toMatch(/<form class="ef-skus" data-island="skuPicker"[^>]* method="get">/)
    expect(html).toMatch(/<input type="radio" disabled=""[^>]* name="sku" value="small"\/>/)
    // The first SKU in stock is chosen; its discounted price is shown beside the struck-through one.
    expect(html).toMatch(/checked="" value="large"/)
    expect(html).toContain('<s>$25.00</s> <strong>$22.00</strong>')
    expect(render(picker, { sku: 'gold' })).toMatch(/checked="" value="gold"/)
    // An out-of-stock SKU is never the page's choice, even when asked for.
    expect(render(picker, { sku: 'small' })).toMatch(/checked="" value="large"/)
    expect(render([{ id: 'k', type: 'skuPicker', props: { product: { skus: [] } } }])).toBe('')
    // Stock counts only when the storefront gives them (the shop shows stock).
    expect(html).not.toContain(' left')
    const counted = render([{ id: 'k', type: 'skuPicker', props: { product: { skus: [{ ...skus[1], stock: 3 }] } } }])
    expect(counted).toContain('data-stock-text="3 left"')
    expect(counted).toMatch(/<span data-sku-stock="true" class="ef-skus__in">3 left<\/span>/)
  })

  it('escapes text and never renders a javascript: link', () => {
    const html = render([
      { id: 't', type: 'text', props: { text: '<script>alert(1)</script>', tag: 'h1' } },
      { id: 'b', type: 'button', props: { text: 'Go', to: 'javascript:alert(1)' } },
      { id: 'l', type: 'link', props: { text: 'Out', to: { type: 'external', url: 'https://example.com' } } }
    ])
    expect(html).toContain('<h1 class="ef-text ef-text--h1">&lt;script&gt;alert(1)&lt;/script&gt;</h1>')
    expect(html).not.toContain('javascript:')
    expect(html).toContain('<button type="button"')
    expect(html).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"')
  })

  it('shows rich text through the sanitizer it is given, and as text without one', () => {
    const content: PageNode[] = [{ id: 'h', type: 'html', props: { html: '<b>bold</b><img src=x onerror=alert(1)>' } }]
    expect(render(content)).toContain('&lt;b&gt;bold&lt;/b&gt;')
    expect(render(content, { sanitizeHtml: (value: string) => value.replace(/<img[^>]*>/g, '') })).toContain('<b>bold</b></div>')
  })

  it('gives uploaded images a webp and jpg srcset with their size, lazily past the first slide', () => {
    const image = { type: 'attachment', attachment: 'a'.repeat(24), width: 1000, height: 500 }
    const html = render([
      {
        id: 's',
        type: 'slider',
        props: {
          items: [
            { image, text: 'One' },
            { image, text: 'Two' }
          ]
        }
      },
      { id: 'i', type: 'imageButton', props: { image, text: 'Tea' } }
    ])
    expect(html).toContain(`/api/files/${'a'.repeat(24)}.small.webp 400w`)
    expect(html).toContain(`/api/files/${'a'.repeat(24)}.large.jpg 1000w`)
    expect(html).not.toContain('exlarge')
    expect(html).toContain('width="1000" height="500"')
    expect(html).toContain('data-island="slider"')
    expect(html.match(/loading="eager"/g)).toHaveLength(1)
  })

  it('keeps the link prefix of the path fallback in page links and menus', () => {
    const pages = [{ component: 'c'.repeat(24), path: '/about' }]
    const html = render(
      [
        {
          id: 'h',
          type: 'header',
          props: {
            items: [{ type: 'logo' }, { name: 'About', to: { page: 'c'.repeat(24) } }, { type: 'cart' }, { type: 'search' }]
          }
        }
      ],
      { base: '/s/tea' },
      { pages, base: '/s/tea' }
    )
    expect(html).toContain('href="/s/tea/about"')
    expect(html).toContain('href="/s/tea/cart"')
    expect(html).toContain('action="/s/tea/search"')
    expect(html).toContain('Tea House')
  })

  it('renders one panel per tab child, the chosen one shown', () => {
    const html = render([
      {
        id: 'tb',
        type: 'tab',
        props: { tabs: ['A', 'B'], value: 1 },
        children: [
          { id: 'x', type: 'text', props: { text: 'first' } },
          { id: 'y', type: 'text', props: { text: 'second' } }
        ]
      }
    ])
    expect(html.match(/role="tabpanel"/g)).toHaveLength(2)
    expect(html).toMatch(/aria-selected="true"[^>]*>B</)
    expect(html).toMatch(/hidden=""[^>]*><p class="ef-text ef-text--p">first/)
  })

  it('shows the shop’s social links in the footer, named, outside ones in a new tab; nothing when none', () => {
    const footer: PageNode[] = [{ id: 'f', type: 'footer', props: { items: [] } }]
    const social = {
      socialFacebook: 'https://facebook.com/teahouse',
      socialWhatsapp: '+852 9123 4567',
      socialInstagram: null,
      socialX: 'javascript:alert(1)',
      socialWechat: 'teahouse_hk',
      socialEmail: 'hello@tea.example'
    }
    const html = render(footer, { social })
    expect(html).toMatch(/<ul class="ef-social" aria-label="Follow us">/)
    expect(html).toMatch(
      /<a class="ef-social__link" href="https:\/\/facebook.com\/teahouse" aria-label="Facebook \(opens in a new window\)" title="Facebook" target="_blank" rel="noopener"><svg/
    )
    expect(html).toContain('href="https://wa.me/85291234567"')
    expect(html).toMatch(/href="mailto:hello@tea.example" aria-label="E-mail" title="E-mail"><svg/)
    expect(html).toContain('<span>WeChat: teahouse_hk</span>')
    // Unset and unsafe links are left out, whatever reached the page.
    expect(html).not.toContain('instagram')
    expect(html).not.toContain('javascript:')
    expect(render(footer, { social: {}, locale: 'cht' })).not.toContain('ef-social')
    expect(render(footer, { social: { socialWechat: 'teahouse_hk' }, locale: 'cht' })).toContain('微信: teahouse_hk')
  })

  it('lists only the offered languages in the language menu, none when only one is offered', () => {
    const header: PageNode[] = [{ id: 'h', type: 'header', props: { items: [{ type: 'lang' }] } }]
    const two = render(header, { locales: ['en', 'chs'] })
    expect(two).toContain('?lang=en"')
    expect(two).toContain('?lang=chs"')
    expect(two).not.toContain('?lang=cht"')
    expect(render(header, { locales: ['en'] })).not.toContain('?lang=')
  })

  it('crops a listed product’s picture to the shop’s ratio through the document’s variable', () => {
    const image = { type: 'attachment', attachment: 'a'.repeat(24), width: 800, height: 600 }
    const button = (crop?: string): PageNode[] => [
      { id: 'b', type: 'imageButton', props: { image: { ...image, crop }, height: '240px', to: '/x' } }
    ]
    const listed = render(button('product'))
    expect(listed).toContain('class="ef-imgbtn ef-imgbtn--normal ef-imgbtn--product"')
    expect(listed).not.toContain('240px')
    expect(render(button())).toContain('height:240px')
    expect(themeVariables(undefined, undefined, '4:3')).toContain('--ef-product-ratio:4/3')
    expect(themeVariables(undefined, undefined, '4:3;}body{')).toContain('--ef-product-ratio:1/1')
  })
})
