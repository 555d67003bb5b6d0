import { describe, expect, it } from 'vitest'
import { pageRecord } from './eshop-pages-resource'

describe("a page's settings as stored", () => {
  it('keep its search-engine texts in one seo object, the empty ones left out', () => {
    expect(
      pageRecord({
        name: { cht: '主頁' },
        path: '/',
        component: 'c1',
        'seo.title': '',
        'seo.description': { cht: '山上的茶' },
        'seo.keywords': { en: 'tea' }
      })
    ).toEqual({
      name: { cht: '主頁' },
      path: '/',
      component: 'c1',
      seo: { description: { cht: '山上的茶' }, keywords: { en: 'tea' } }
    })
  })
})
