import type { MenuItem, PageNode } from '../../pages/page.schema'
import {
  cardComponent,
  cartComponent,
  collectionComponent,
  heading,
  partKeys,
  productComponent,
  productGrid,
  section,
  tx,
  type PartsLook
} from './template-parts'
import { productsSource, type ColorScheme, type ShopTemplate, type TemplateComponent, type TemplateText } from './template.types'

/** What makes one template differ from another: words, pictures, colours and look. */
export interface TemplateStyle {
  id: string
  name: TemplateText
  description: TemplateText
  font: ShopTemplate['font']
  colorSchemes: ColorScheme[]
  look: PartsLook
  /** The header: dark (light text on the theme colour) or light. */
  darkHeader: boolean
  heroHeight: string
  slides: { text: TemplateText }[]
  tagline: TemplateText
  intro: TemplateText
  featuredTitle: TemplateText
  /** Three promises under the products (delivery, returns, care). */
  promises: { title: TemplateText; text: TemplateText }[]
  about: { title: TemplateText; paragraphs: TemplateText[] }
  cartNote: TemplateText
  collectionTitle: TemplateText
  keywords: TemplateText
}

const HOME = 'home'
const ABOUT = 'about'
const image = (style: TemplateStyle, name: string) => ({
  type: 'src' as const,
  src: `/eshop-templates/${style.id}-${name}.svg`,
  width: 1600,
  height: 640
})

const homeComponent = (style: TemplateStyle): TemplateComponent => {
  const { look } = style
  const promises: PageNode = {
    id: 'promises',
    type: 'flex',
    props: { wrap: true, justify: 'space-around', gap: '24px' },
    children: style.promises.map((promise, index) => ({
      id: `promise-${index}`,
      type: 'container',
      props: { css: { width: '300px', maxWidth: '100%', textAlign: 'center' } },
      children: [
        {
          id: `promise-${index}-title`,
          type: 'text',
          props: { text: promise.title, tag: 'h3', css: { fontWeight: look.headingWeight } }
        },
        { id: `promise-${index}-text`, type: 'text', props: { text: promise.text } }
      ]
    }))
  }
  return {
    key: HOME,
    name: tx('Home', '首頁', '首页'),
    dataType: { featured: 'product[]' },
    data: { featured: productsSource(8) },
    props: {},
    content: [
      {
        id: 'hero',
        type: 'slider',
        props: {
          items: style.slides.map((slide, index) => ({
            image: image(style, `slide-${index + 1}`),
            to: { page: partKeys.collection },
            text: slide.text
          })),
          height: style.heroHeight,
          mode: 'cover',
          autoplay: true,
          interval: 6
        }
      },
      section('welcome', [
        heading('tagline', style.tagline, look, 'h1'),
        { id: 'intro', type: 'text', props: { text: style.intro, css: { textAlign: 'center', fontSize: 18 } } }
      ]),
      section(
        'featured',
        [
          heading('featured-title', style.featuredTitle, look),
          productGrid('featured-grid', 'featured'),
          {
            id: 'shop-all-row',
            type: 'flex',
            props: { justify: 'center', css: { margin: { top: '32px', right: '0px', bottom: '0px', left: '0px' } } },
            children: [
              {
                id: 'shop-all',
                type: 'button',
                props: {
                  text: tx('Shop all products', '瀏覽全部商品', '浏览全部商品'),
                  to: { page: partKeys.collection },
                  color: look.accent,
                  variant: look.button,
                  size: 'large'
                }
              }
            ]
          }
        ],
        look.surface
      ),
      section('promise-section', [promises])
    ]
  }
}

const aboutComponent = (style: TemplateStyle): TemplateComponent => ({
  key: ABOUT,
  name: tx('About', '關於我們', '关于我们'),
  dataType: {},
  data: {},
  props: {},
  content: [
    { id: 'banner', type: 'imageButton', props: { image: image(style, 'about'), mode: 'cover', width: '100%', height: '320px' } },
    section('story', [
      heading('title', style.about.title, style.look, 'h1'),
      ...style.about.paragraphs.map((text, index): PageNode => ({
        id: `paragraph-${index}`,
        type: 'text',
        props: { text, css: { fontSize: 17 } }
      })),
      {
        id: 'cta-row',
        type: 'flex',
        props: { justify: 'center' },
        children: [
          {
            id: 'cta',
            type: 'button',
            props: {
              text: tx('Visit the shop', '前往商店', '前往商店'),
              to: { page: partKeys.collection },
              color: style.look.accent,
              variant: style.look.button
            }
          }
        ]
      }
    ])
  ]
})

const link = (id: string, name: TemplateText, page: string): MenuItem => ({ id, type: 'item', name, to: { page } })

/** A whole template from its style: five pages, the card, menus, theme options and SEO. */
export const buildTemplate = (style: TemplateStyle): ShopTemplate => {
  const shop = tx('Shop', '商店', '商店')
  const about = tx('About', '關於我們', '关于我们')
  return {
    id: style.id,
    name: style.name,
    description: style.description,
    preview: `/eshop-templates/${style.id}-slide-1.svg`,
    favicon: `/eshop-templates/${style.id}-icon.svg`,
    font: style.font,
    colorSchemes: style.colorSchemes,
    headerMenu: [
      { id: 'logo', type: 'logo' },
      link('home', tx('Home', '首頁', '首页'), HOME),
      link('shop', shop, partKeys.collection),
      link('about', about, ABOUT),
      { id: 'spacer', type: 'spacer' },
      { id: 'search', type: 'search' },
      { id: 'lang', type: 'lang', showFlag: false },
      { id: 'cart', type: 'cart' }
    ],
    footerMenu: [
      link('f-shop', shop, partKeys.collection),
      link('f-about', about, ABOUT),
      link('f-cart', tx('Cart', '購物車', '购物车'), partKeys.cart)
    ],
    header: {
      height: '68px',
      dark: style.darkHeader,
      flat: true,
      background: style.darkHeader ? style.colorSchemes[0].colors.theme : style.colorSchemes[0].colors.background
    },
    footer: { padding: '32px', name: '' },
    seo: { title: style.name, description: style.description, keywords: style.keywords },
    components: [
      homeComponent(style),
      cardComponent(style.look),
      collectionComponent(style.look, style.collectionTitle),
      productComponent(style.look),
      cartComponent(style.look, style.cartNote),
      aboutComponent(style)
    ],
    pages: [
      { name: tx('Home', '首頁', '首页'), path: '/', component: HOME, seo: { description: style.intro } },
      // The storefront narrows the products of `/collections` and `/search` by the visitor's filters (decision 0108).
      { name: style.collectionTitle, path: '/collections', component: partKeys.collection },
      { name: tx('Search', '搜尋', '搜索'), path: '/search', component: partKeys.collection },
      { name: tx('Product', '商品', '商品'), path: '/products/:id', component: partKeys.product },
      { name: tx('Cart', '購物車', '购物车'), path: '/cart', component: partKeys.cart },
      { name: about, path: '/about', component: ABOUT }
    ],
    home: HOME
  }
}
