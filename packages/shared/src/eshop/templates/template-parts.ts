import type { PageNode } from '../../pages/page.schema'
import { productsSource, type TemplateComponent, type TemplateText } from './template.types'

/*
 * The parts every template shares: a product card, the collection, product and cart pages. Each template
 * gives them its own look (`PartsLook`); colours come only from the template's own colour scheme, so the
 * install can swap them for the scheme the merchant chose (`recolorTemplate`).
 */

/** A text in en / cht / chs. */
export const tx = (en: string, cht: string, chs: string): TemplateText => ({ en, cht, chs })

/** The local keys of the shared components: pages and links use them until installed. */
export const partKeys = { card: 'card', collection: 'collection', product: 'product', cart: 'cart' } as const

/** How a template dresses the shared parts. */
export interface PartsLook {
  /** The card's and sections' background; the text colour on it; a line colour. */
  surface: string
  text: string
  line: string
  /** The colour of prices and call-to-action buttons. */
  accent: string
  /** Buttons: contained, outlined or text. */
  button: 'contained' | 'outlined' | 'text'
  /** Heading weight (Neon shouts, Jade whispers). */
  headingWeight: 300 | 400 | 500 | 600 | 700 | 800 | 900
  cardImageHeight: string
}

const box = (top: string, right = top, bottom = top, left = right) => ({ top, right, bottom, left })

export const heading = (id: string, text: TemplateText, look: PartsLook, tag: 'h1' | 'h2' | 'h3' = 'h2'): PageNode => ({
  id,
  type: 'text',
  props: {
    text,
    tag,
    css: { fontWeight: look.headingWeight, margin: box('0px', '0px', '16px', '0px'), textAlign: 'center' }
  }
})

/** A section: a centred column of at most 1200px with some room around it. */
export const section = (id: string, children: PageNode[], background = ''): PageNode => ({
  id,
  type: 'layout',
  props: { maxWidth: '1200px', background, css: { padding: box('48px', '16px') } },
  children
})

/** The link to a product's page: the product page's component, the product's id as its `:id`. */
const productLink = (product: string) => ({ page: partKeys.product, params: { id: { $exp: `${product}._id` } } })

/** A price that shows the discounted price beside the struck-through list price when there is one. */
export const priceNodes = (id: string, product: string, look: PartsLook, size = 16): PageNode => ({
  id,
  type: 'if',
  props: { conditions: [{ value: { $exp: `${product}.dprice` }, op: 'em' }] },
  children: [
    {
      id: `${id}-price`,
      type: 'text',
      props: {
        text: { $exp: `${product}.price` },
        tag: 'span',
        format: 'money',
        css: { color: look.accent, fontSize: size, fontWeight: 600 }
      }
    },
    {
      id: `${id}-sale`,
      type: 'flex',
      slot: 'else',
      props: { gap: '8px', align: 'center' },
      children: [
        {
          id: `${id}-dprice`,
          type: 'text',
          props: {
            text: { $exp: `${product}.dprice` },
            tag: 'span',
            format: 'money',
            css: { color: look.accent, fontSize: size, fontWeight: 700 }
          }
        },
        {
          id: `${id}-was`,
          type: 'text',
          props: {
            text: { $exp: `${product}.price` },
            tag: 'span',
            format: 'money',
            css: { textDecoration: 'line-through', fontSize: Math.max(12, size - 3), color: look.line }
          }
        }
      ]
    }
  ]
})

/** The product card placed in every product list: picture, name, price, all leading to the product. */
export const cardComponent = (look: PartsLook): TemplateComponent => ({
  key: partKeys.card,
  name: tx('Product card', '商品卡片', '商品卡片'),
  dataType: {},
  data: {},
  props: { product: { type: 'product' } },
  content: [
    {
      id: 'card',
      type: 'container',
      props: {
        css: {
          width: '260px',
          maxWidth: '100%',
          background: look.surface,
          border: { ...box('1px'), color: look.line, style: 'solid' },
          padding: box('0px', '0px', '16px', '0px')
        }
      },
      children: [
        {
          id: 'picture',
          type: 'imageButton',
          props: {
            image: { $exp: 'product.images.0' },
            to: productLink('product'),
            mode: 'cover',
            width: '100%',
            height: look.cardImageHeight
          }
        },
        {
          id: 'about',
          type: 'container',
          props: { css: { padding: box('12px', '16px', '0px', '16px') } },
          children: [
            {
              id: 'name',
              type: 'link',
              props: {
                text: { $exp: 'product.name' },
                to: productLink('product'),
                css: { color: look.text, fontSize: 15, fontWeight: 500 }
              }
            },
            // A block of its own, so the price sits under the name (the link is inline).
            {
              id: 'price-row',
              type: 'container',
              props: { css: { margin: box('6px', '0px', '0px', '0px') } },
              children: [priceNodes('price', 'product', look)]
            }
          ]
        }
      ]
    }
  ]
})

/** A wrapping grid of product cards over a list variable (or a loop's item list). */
export const productGrid = (id: string, source: string): PageNode => ({
  id,
  type: 'flex',
  props: { wrap: true, justify: 'center', gap: '24px' },
  children: [
    {
      id: `${id}-each`,
      type: 'for',
      props: { source: { $exp: source } },
      children: [{ id: `${id}-card`, type: 'component', component: partKeys.card, props: { product: { $exp: '$$0' } } }]
    }
  ]
})

/** The collection page: every product, with the filter (categories, price, sort). */
export const collectionComponent = (look: PartsLook, title: TemplateText): TemplateComponent => ({
  key: partKeys.collection,
  name: tx('Collection', '商品列表', '商品列表'),
  dataType: { products: 'product[]' },
  data: { products: productsSource(48) },
  props: {},
  content: [
    section('collection', [
      { id: 'path', type: 'sitePath', props: { home: tx('Home', '首頁', '首页') } },
      heading('title', title, look, 'h1'),
      { id: 'filter', type: 'productFilter', props: { css: { margin: box('0px', '0px', '24px', '0px') } } },
      productGrid('grid', 'products')
    ])
  ]
})

/** The product page (`/products/:id`): the product is the root component's `product` prop (decision 0106). */
export const productComponent = (look: PartsLook): TemplateComponent => ({
  key: partKeys.product,
  name: tx('Product', '商品頁', '商品页'),
  dataType: { related: 'product[]' },
  data: { related: productsSource(4) },
  props: { product: { type: 'product' } },
  content: [
    section('product', [
      { id: 'path', type: 'sitePath', props: { home: tx('Home', '首頁', '首页') } },
      {
        id: 'columns',
        type: 'flex',
        props: { wrap: true, gap: '32px', align: 'flex-start' },
        children: [
          {
            id: 'gallery',
            type: 'container',
            props: { css: { width: '560px', maxWidth: '100%' } },
            children: [
              {
                id: 'main-image',
                type: 'imageButton',
                props: { image: { $exp: 'product.images.0' }, mode: 'contain', width: '100%', height: '480px' }
              },
              {
                id: 'thumbs',
                type: 'flex',
                props: { wrap: true, gap: '8px', css: { margin: box('8px', '0px') } },
                children: [
                  {
                    id: 'thumb-each',
                    type: 'for',
                    props: { source: { $exp: 'product.images' }, limit: 6 },
                    children: [
                      { id: 'thumb', type: 'imageButton', props: { image: { $exp: '$$0' }, width: '72px', height: '72px' } }
                    ]
                  }
                ]
              }
            ]
          },
          {
            id: 'details',
            type: 'flex',
            props: { direction: 'column', gap: '16px', css: { width: '440px', maxWidth: '100%' } },
            children: [
              {
                id: 'name',
                type: 'text',
                props: { text: { $exp: 'product.name' }, tag: 'h1', css: { fontWeight: look.headingWeight, margin: box('0px') } }
              },
              priceNodes('price', 'product', look, 22),
              // Its page still answers when sold out (old links, lists hiding it; decision 0113): say so.
              {
                id: 'sold-out',
                type: 'if',
                props: { conditions: [{ value: { $exp: 'product.soldOut' }, op: 'eq', to: 'true' }] },
                children: [
                  {
                    id: 'sold-out-text',
                    type: 'text',
                    props: { text: tx('Sold out', '售罄', '售罄'), tag: 'span', css: { color: look.text, fontWeight: 600 } }
                  }
                ]
              },
              { id: 'desc', type: 'text', props: { text: { $exp: 'product.desc' } } },
              { id: 'skus', type: 'skuPicker', props: { product: { $exp: 'product' } } },
              {
                id: 'buy',
                type: 'flex',
                props: { gap: '12px', align: 'center' },
                children: [
                  { id: 'quantity', type: 'numPicker', props: { value: 1, min: 1 } },
                  {
                    id: 'add-to-cart',
                    type: 'button',
                    props: {
                      text: tx('Add to cart', '加入購物車', '加入购物车'),
                      to: { page: partKeys.cart },
                      color: look.accent,
                      variant: look.button,
                      size: 'large'
                    }
                  }
                ]
              },
              { id: 'attributes', type: 'attributes', props: { product: { $exp: 'product' } } }
            ]
          }
        ]
      },
      { id: 'content', type: 'html', props: { html: { $exp: 'product.content' }, css: { margin: box('32px', '0px') } } }
    ]),
    section(
      'related',
      [
        heading('related-title', tx('You may also like', '你可能也喜歡', '你可能也喜欢'), look),
        productGrid('related-grid', 'related')
      ],
      look.surface
    )
  ]
})

/** The cart page: the storefront's cart fills it; the page gives the heading and a way back to the shop. */
export const cartComponent = (look: PartsLook, note: TemplateText): TemplateComponent => ({
  key: partKeys.cart,
  name: tx('Cart', '購物車', '购物车'),
  dataType: {},
  data: {},
  props: {},
  content: [
    section('cart', [
      heading('title', tx('Your cart', '購物車', '购物车'), look, 'h1'),
      { id: 'note', type: 'text', props: { text: note, css: { textAlign: 'center' } } },
      {
        id: 'actions',
        type: 'flex',
        props: { justify: 'center', css: { margin: box('24px', '0px') } },
        children: [
          {
            id: 'continue',
            type: 'button',
            props: {
              text: tx('Continue shopping', '繼續購物', '继续购物'),
              to: { page: partKeys.collection },
              color: look.accent,
              variant: 'outlined'
            }
          }
        ]
      }
    ])
  ]
})
