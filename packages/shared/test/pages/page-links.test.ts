import { describe, expect, it } from 'vitest'
import { buildPagePath, faviconUrl, matchPagePath, resolvePageRef, safeUrl } from '../../src/pages/page-links'

const pages = [
  { component: 'c-home', path: '/' },
  { component: 'c-product', path: '/products/:id' }
]

describe('page links (spec §3.6 pageRef, §2.10 page/link picker)', () => {
  it('treats a plain string as an outside address, and keeps only safe ones', () => {
    expect(resolvePageRef('https://example.com/a', pages)).toEqual({ href: 'https://example.com/a', external: true })
    expect(resolvePageRef('mailto:a@b.c', pages)).toEqual({ href: 'mailto:a@b.c', external: true })
    expect(resolvePageRef('/about', pages)).toEqual({ href: '/about', external: false })
    expect(resolvePageRef('javascript:alert(1)', pages)).toBeUndefined()
    expect(resolvePageRef(' JavaScript:alert(1)', pages)).toBeUndefined()
    expect(resolvePageRef('data:text/html,x', pages)).toBeUndefined()
    expect(resolvePageRef('//evil.example', pages)).toBeUndefined()
    expect(resolvePageRef('https://a" onmouseover="x', pages)).toBeUndefined()
    expect(resolvePageRef('', pages)).toBeUndefined()
    expect(safeUrl('tel:+85212345678')).toEqual({ href: 'tel:+85212345678', external: true })
  })

  it('leads a page link (type page by default) to the page showing that component, params filled', () => {
    expect(resolvePageRef({ page: 'c-home' }, pages)).toEqual({ href: '/', external: false })
    expect(resolvePageRef({ type: 'page', page: 'c-product', params: { id: 'a b' } }, pages)).toEqual({
      href: '/products/a%20b',
      external: false
    })
    expect(resolvePageRef({ page: 'c-product', params: { id: 7, ref: 'x' } }, pages, '/s/tea/')).toEqual({
      href: '/s/tea/products/7?ref=x',
      external: false
    })
    expect(resolvePageRef({ page: 'c-product' }, pages)).toBeUndefined()
    expect(resolvePageRef({ page: 'c-gone' }, pages)).toBeUndefined()
    expect(resolvePageRef({ type: 'external', url: 'https://x.y' }, pages)).toEqual({ href: 'https://x.y', external: true })
    expect(resolvePageRef({ type: 'external', url: 'javascript:x' }, pages)).toBeUndefined()
    expect(resolvePageRef({ type: 'other', page: 'c-home' }, pages)).toBeUndefined()
  })

  it('builds and matches page paths with parameters', () => {
    expect(buildPagePath('/a/:x/b/:y', { y: 2, x: 1 })).toBe('/a/1/b/2')
    expect(buildPagePath('/a/:x', { x: '' })).toBeUndefined()
    expect(matchPagePath('/products/:id', '/products/42?x=1')).toEqual({ id: '42' })
    expect(matchPagePath('/products/:id', '/products/a%20b')).toEqual({ id: 'a b' })
    expect(matchPagePath('/products/:id', '/products')).toBeUndefined()
    expect(matchPagePath('/products/:id', '/product/42')).toBeUndefined()
    expect(matchPagePath('/products/:id', '/products/%E0%A4%A')).toBeUndefined()
    expect(matchPagePath('/', '/')).toEqual({})
  })

  it('shows a favicon for outside http links only', () => {
    expect(faviconUrl('https://Shop.Example.com/x')).toBe('https://www.google.com/s2/favicons?sz=32&domain=shop.example.com')
    expect(faviconUrl('mailto:a@b.c')).toBeUndefined()
  })
})
