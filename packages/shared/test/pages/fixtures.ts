import type { ComponentModel, FetchSource } from '../../src/pages/page.schema'

/** A home page: a header menu, a product grid over a data source with each product's images, a condition. */
export const featuredSource: FetchSource = {
  source: 'products',
  params: { query: { $limit: 2, normalizedCategories: { $in: ['Tea'] } } }
}
export const featured = { $exp: { $fetch: featuredSource } }

export const home: ComponentModel = {
  _id: 'c0000000000000000000home',
  name: 'Home',
  dataType: { title: 'tran', products: 'product[]' },
  data: { title: { en: 'Welcome', cht: '歡迎' }, products: featured },
  props: {},
  content: [
    {
      id: 'header',
      type: 'header',
      props: {
        height: '72',
        items: [
          { type: 'logo' },
          { name: { en: 'Shop', cht: '商店' }, to: { page: 'c-list' } },
          { type: 'lang', name: 'ignored' }
        ]
      }
    },
    { id: 'title', type: 'text', props: { text: { $exp: 'title' }, tag: 'h1', css: { fontSize: 24, color: 'bad' } } },
    {
      id: 'grid',
      type: 'flex',
      props: { gap: '8', wrap: true },
      children: [
        {
          id: 'each',
          type: 'for',
          props: { source: { $exp: 'products' } },
          children: [
            { id: 'name', type: 'text', props: { text: { $exp: '$$0.name' } } },
            {
              id: 'pics',
              type: 'for',
              props: { source: { $exp: '$$0.images' } },
              children: [{ id: 'pic', type: 'imageButton', props: { image: { $exp: '$$0' }, text: { $exp: '$$1.name' } } }]
            },
            {
              id: 'sale',
              type: 'if',
              props: { conditions: [{ value: { $exp: '$$0.dprice' }, op: 'em' }] },
              children: [
                { id: 'price', type: 'text', props: { text: { $exp: '$$0.price' } } },
                { id: 'dprice', slot: 'else', type: 'text', props: { text: { $exp: '$$0.dprice' } } }
              ]
            }
          ]
        }
      ]
    }
  ]
}

export const products = [
  {
    _id: 'p1',
    name: { en: 'Green tea', cht: '綠茶' },
    images: [
      { type: 'src', src: 'https://cdn.example/1.jpg' },
      { type: 'src', src: 'https://cdn.example/2.jpg' }
    ],
    price: 1200
  },
  { _id: 'p2', name: { en: 'Black tea' }, images: [], price: 900, dprice: 700 }
]
