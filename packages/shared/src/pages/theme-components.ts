import { drawerTypes, imageButtonDisplays, imageModes } from './css-values'
import { menuItemTypes } from './page.schema'
import type { TypeRef } from './prop-types'

/** One prop of a theme component: its type, default and, for choices, the allowed values. */
export interface PropSpec {
  type: TypeRef
  default?: unknown
  /** The choices of an `enum` / `multiEnum` prop. */
  options?: readonly (string | number)[]
  /** The fields of an `object` (or `object[]`) prop's value. */
  fields?: Record<string, PropSpec>
  /** Shown and kept only when another prop has one of these values (menuItem's per-type props). */
  when?: { prop: string; in: readonly unknown[] }
  /** A `for` source takes a list of anything: its items' type becomes the loop variable's. */
  anyList?: boolean
}

/** One theme component: its props, whether it holds children (and in which named slots besides the main). */
export interface ThemeComponentSpec {
  props: Record<string, PropSpec>
  children: boolean
  slots?: readonly string[]
  /** Interactive on the storefront: hydrated as an island (issue 18); everything else is static HTML. */
  island?: boolean
}

const css: PropSpec = { type: 'css', default: {} }
const flag = (value = false): PropSpec => ({ type: 'boolean', default: value })
const choice = (options: readonly (string | number)[], value = options[0]): PropSpec => ({
  type: 'enum',
  options,
  default: value
})
const onlyFor = (types: readonly unknown[], spec: PropSpec): PropSpec => ({ ...spec, when: { prop: 'type', in: types } })
/** menuItem's `item` type: the default, so an empty type is one too. */
const ITEM = ['item', '', undefined] as const

/** The menu item of §3.15: which props each type shows (§9.5 defaults for logo and lang). */
export const menuItemSpec: ThemeComponentSpec = {
  children: false,
  props: {
    type: choice(menuItemTypes, 'item'),
    name: onlyFor(ITEM, { type: 'tran', default: '' }),
    to: onlyFor(ITEM, { type: 'pageRef' }),
    icon: onlyFor(ITEM, { type: 'icon', default: '' }),
    width: onlyFor(['logo'], { type: 'dim', default: '100%' }),
    height: onlyFor(['logo'], { type: 'dim', default: '100%' }),
    padding: onlyFor(['logo'], { type: 'dim', default: '0px' }),
    childs: { type: 'menuItems', default: [] },
    align: onlyFor(ITEM, choice(['start', 'center', 'end'])),
    justify: onlyFor(ITEM, choice(['start', 'center', 'end', 'space-between'])),
    showFlag: onlyFor(['lang'], flag(true))
  }
}

/** The labels the menus editor shows for item types (§3.15: spacer is a separator, lang a language, item a menu). */
export const menuItemTypeLabels: Record<(typeof menuItemTypes)[number], string> = {
  item: 'menu',
  drawer: 'drawer',
  logo: 'logo',
  search: 'search',
  currency: 'currency',
  favorite: 'favorite',
  cart: 'cart',
  spacer: 'separator',
  lang: 'language'
}

/** The data-source defaults of §9.5: products, 10 of them. */
export const defaultFetchSource = { source: 'products', params: { query: { $limit: 10 } } } as const

/**
 * Every theme component of §3.15 with its props. Header, footer, drawer and menuItem carry exactly the
 * props §3.15 lists; the spec lists none for the others, so theirs are ours (decision 0106).
 */
export const themeComponents = {
  header: {
    children: false,
    props: {
      height: { type: 'dim', default: '64px' },
      translucent: flag(),
      fixed: flag(),
      flat: flag(),
      dark: flag(),
      items: { type: 'menuItems', default: [] },
      background: { type: 'color', default: '' },
      topBackground: { type: 'color', default: '' }
    }
  },
  footer: {
    children: false,
    props: {
      height: { type: 'dim', default: 'auto' },
      padding: { type: 'dim', default: '16px' },
      fixed: flag(),
      inset: flag(),
      items: { type: 'menuItems', default: [] },
      hideBottom: flag(),
      /** The copyright line's year; 0 shows the current one. */
      year: { type: 'number', default: 0 },
      /** The copyright line's owner; empty shows the shop's name. */
      name: { type: 'tran', default: '' }
    }
  },
  drawer: {
    children: false,
    island: true,
    props: {
      type: choice(drawerTypes, 'normal'),
      width: { type: 'dim', default: '256px' },
      absolute: flag(),
      temporary: flag(),
      autoResize: flag(true),
      items: { type: 'menuItems', default: [] },
      flat: flag(),
      logo: { type: 'imageRef' },
      dark: flag()
    }
  },
  layout: {
    children: true,
    props: { background: { type: 'color', default: '' }, maxWidth: { type: 'dim', default: 'auto' }, dark: flag(), css }
  },
  menuItem: menuItemSpec,
  imageButton: {
    children: false,
    props: {
      image: { type: 'imageRef' },
      to: { type: 'pageRef' },
      text: { type: 'tran', default: '' },
      display: choice(imageButtonDisplays, 'normal'),
      mode: choice(imageModes, 'cover'),
      width: { type: 'dim', default: 'auto' },
      height: { type: 'dim', default: 'auto' },
      css
    }
  },
  slider: {
    children: false,
    island: true,
    props: {
      items: {
        type: 'object[]',
        default: [],
        fields: { image: { type: 'imageRef' }, to: { type: 'pageRef' }, text: { type: 'tran', default: '' } }
      },
      height: { type: 'dim', default: '400px' },
      mode: choice(imageModes, 'cover'),
      autoplay: flag(true),
      /** Seconds between slides. */
      interval: { type: 'number', default: 5 },
      arrows: flag(true),
      dots: flag(true)
    }
  },
  video: {
    children: false,
    props: {
      video: { type: 'videoRef' },
      autoplay: flag(),
      loop: flag(),
      muted: flag(),
      controls: flag(true),
      width: { type: 'dim', default: '100%' },
      height: { type: 'dim', default: 'auto' }
    }
  },
  text: {
    children: false,
    props: {
      text: { type: 'tran', default: '' },
      tag: choice(['p', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'], 'p'),
      /** `money`: a number bound to the text is cents, shown as the shop shows money ($1,234.50; §9.1). */
      format: choice(['text', 'money'], 'text'),
      css
    }
  },
  button: {
    children: false,
    props: {
      text: { type: 'tran', default: '' },
      to: { type: 'pageRef' },
      color: { type: 'color', default: '' },
      variant: choice(['contained', 'outlined', 'text'], 'contained'),
      size: choice(['small', 'medium', 'large'], 'medium'),
      block: flag(),
      css
    }
  },
  link: { children: true, props: { text: { type: 'tran', default: '' }, to: { type: 'pageRef' }, css } },
  container: { children: true, props: { css } },
  flex: {
    children: true,
    props: {
      direction: choice(['row', 'column', 'row-reverse', 'column-reverse'], 'row'),
      wrap: flag(),
      justify: choice(['flex-start', 'center', 'flex-end', 'space-between', 'space-around'], 'flex-start'),
      align: choice(['stretch', 'flex-start', 'center', 'flex-end'], 'stretch'),
      gap: { type: 'dim', default: '0px' },
      css
    }
  },
  for: {
    children: true,
    props: {
      /** Linked to a list (`props.source.$exp`), a data source most often. */
      source: { type: 'object[]', anyList: true, default: [] },
      /** At most this many items (0: all, up to the renderer's cap). */
      limit: { type: 'number', default: 0 }
    }
  },
  if: {
    children: true,
    slots: ['else'],
    props: {
      /** Every condition must hold (§3.15 field conditions: eq, ne, em for empty). */
      conditions: {
        type: 'object[]',
        default: [],
        fields: { value: { type: 'object' }, op: choice(['eq', 'ne', 'em'], 'eq'), to: { type: 'string', default: '' } }
      }
    }
  },
  tab: {
    children: true,
    island: true,
    /** The tab titles; the i-th child is the i-th tab's panel. */
    props: { tabs: { type: 'tran[]', default: [] }, value: { type: 'number', default: 0 }, css }
  },
  numPicker: {
    children: false,
    island: true,
    props: {
      value: { type: 'number', default: 1 },
      min: { type: 'number', default: 1 },
      /** 0: no maximum. */
      max: { type: 'number', default: 0 },
      step: { type: 'number', default: 1 },
      css
    }
  },
  productFilter: {
    children: false,
    island: true,
    props: {
      fields: { type: 'multiEnum', options: ['categories', 'price', 'sort'], default: ['categories', 'price', 'sort'] },
      /** Category names offered (empty: all of the shop's). */
      categories: { type: 'string[]', default: [] },
      /** Price ranges offered, in cents: each becomes a `$gte` / `$lte` filter. */
      priceRanges: { type: 'range[]', default: [] },
      css
    }
  },
  sitePath: {
    children: false,
    props: { home: { type: 'tran', default: '' }, separator: { type: 'string', default: '/' }, css }
  },
  attributes: { children: false, props: { product: { type: 'product' }, css } },
  // The product's SKUs to choose from (decision 0115); not in §3.15's list, which has no SKU choice.
  skuPicker: { children: false, island: true, props: { product: { type: 'product' }, css } },
  html: { children: false, props: { html: { type: 'html', default: '' }, css } }
} as const satisfies Record<string, ThemeComponentSpec>

export type ThemeComponentName = keyof typeof themeComponents
export const themeComponentNames = Object.keys(themeComponents) as ThemeComponentName[]
export const isThemeComponent = (type: string): type is ThemeComponentName => Object.hasOwn(themeComponents, type)
/** The spec of a theme component (typed loosely, for walking any of them). */
export const themeComponentSpec = (type: string): ThemeComponentSpec | undefined =>
  isThemeComponent(type) ? (themeComponents[type] as ThemeComponentSpec) : undefined

/** Whether a prop applies given the other props (menuItem's per-type props). */
export const propApplies = (spec: PropSpec, props: Record<string, unknown>) =>
  !spec.when || spec.when.in.includes(props[spec.when.prop])
