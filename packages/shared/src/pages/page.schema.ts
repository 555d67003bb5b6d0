import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { literals, longTextSchema } from '../catalogue/product.schema'
import { localeIds } from '../i18n/locales'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/stored-text'

/*
 * The page model as stored (spec §3.13 Page, §3.15 Component; decision 0106). The editor (through its Puck
 * adapter) and the storefront renderer read and write exactly these shapes. Trees are nested `children`
 * arrays; the schemas are unrolled to a fixed depth rather than recursive, because the server's one Ajv
 * instance would refuse a recursive schema's `$id` compiled twice, and the depth limit is wanted anyway.
 */

/** How deep components nest (a page's tree) and menus nest (`childs`). */
export const MAX_NODE_DEPTH = 16
export const MAX_MENU_DEPTH = 4
/** Children of one node, components of one stored component (the renderer caps expanded loops apart). */
export const MAX_CHILDREN = 200
/** Data variables, their types and declared props of one component (issue 28: each may be a data source). */
export const MAX_COMPONENT_VARIABLES = 100

/** A data variable, prop or loop-variable name. */
export const VARIABLE_PATTERN = '^[A-Za-z_][A-Za-z0-9_]{0,63}$'
/**
 * A linked expression's path (§3.15, §2.10): a data variable or an enclosing loop's variable (`$$0` the
 * innermost), then object keys or list indexes (`$$0.images.0.src`, `product.name`).
 */
export const EXPRESSION_PATTERN =
  '^(\\$\\$\\d{1,2}|[A-Za-z_][A-Za-z0-9_]{0,63})(\\.([A-Za-z_][A-Za-z0-9_]{0,63}|\\d{1,6})){0,16}$'
/** A node's id: stable across edits (the editor's key, the renderer's key). */
export const NODE_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$'
/**
 * A page's path: `/`, or segments of URL-safe characters, where `:name` takes a parameter
 * (`/products/:id`) that a page link's `params` fill.
 */
export const PAGE_PATH_PATTERN = '^/$|^(/([A-Za-z0-9._~-]{1,100}|:[A-Za-z_][A-Za-z0-9_]{0,63})){1,10}$'

/** A translatable text a prop holds: plain, per language, or the {lang, value} list of §3.5. */
export const tranSchema = Type.Union([
  // Plain or per language, as a product's long text (HTML-sized).
  ...longTextSchema.anyOf,
  Type.Array(Type.Object({ lang: literals(localeIds), value: Type.String({ maxLength: 100_000 }) }), { maxItems: 3 })
])

const emptyable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null(), Type.Literal('')]))
/** A `$gte` / `$lte` range of a data source's filter (money in cents, decision 0003). */
export const rangeQuerySchema = Type.Object(
  { $gte: emptyable(Type.Number({ minimum: 0 })), $lte: emptyable(Type.Number({ minimum: 0 })) },
  { additionalProperties: false }
)
export const fetchSources = ['products'] as const
export const fetchSortFields = ['name', 'price', 'createdAt'] as const
/** The most records one data source may ask for. */
export const MAX_FETCH_LIMIT = 100

/**
 * A data source (§3.15, §2.10 data-source picker): `{source: 'products', params: {query: {$limit,
 * normalizedCategories: {$in: [category names]}}}}`, optionally ranges and a sort. Empty values are
 * stored as the picker leaves them and dropped when the call is described (`describeFetch`).
 */
export const fetchSourceSchema = Type.Object(
  {
    source: literals(fetchSources),
    params: Type.Optional(
      Type.Object(
        {
          query: Type.Optional(
            Type.Object(
              {
                $limit: emptyable(Type.Integer({ minimum: 1, maximum: MAX_FETCH_LIMIT })),
                $sort: Type.Optional(
                  Type.Union([
                    Type.Object(
                      Object.fromEntries(
                        fetchSortFields.map((field) => [field, Type.Optional(Type.Union([Type.Literal(1), Type.Literal(-1)]))])
                      ),
                      { additionalProperties: false }
                    ),
                    Type.Null()
                  ])
                ),
                normalizedCategories: Type.Optional(
                  Type.Union([
                    Type.Object(
                      { $in: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }) },
                      { additionalProperties: false }
                    ),
                    Type.Null()
                  ])
                ),
                price: Type.Optional(Type.Union([rangeQuerySchema, Type.Null()])),
                dprice: Type.Optional(Type.Union([rangeQuerySchema, Type.Null()]))
              },
              { additionalProperties: false }
            )
          )
        },
        { additionalProperties: false }
      )
    )
  },
  { additionalProperties: false }
)
export type FetchSource = Static<typeof fetchSourceSchema>

/** A prop or data value linked to data: a path, or a data source. */
export const expressionSchema = Type.Object(
  {
    $exp: Type.Union([
      Type.String({ pattern: EXPRESSION_PATTERN }),
      Type.Object({ $fetch: fetchSourceSchema }, { additionalProperties: false })
    ])
  },
  { additionalProperties: false }
)
export type Expression = Static<typeof expressionSchema>

/**
 * A prop's value (§3.15): a constant, a linked expression, or an object (whose fields are themselves
 * constants or expressions). Checked here by shape at the top; each value is checked against its prop's
 * type by `componentProblems`, which walks into objects and lists.
 */
export const propValueSchema = Type.Union([
  expressionSchema,
  Type.String({ maxLength: 100_000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.Unknown(), { maxItems: 500 }),
  // `$` keys are the expression's: a constant object may not use them, so a bad `$exp` is never a constant.
  Type.Record(Type.String({ pattern: '^[^$]' }), Type.Unknown(), { additionalProperties: false })
])
const propsSchema = Type.Record(Type.String({ pattern: VARIABLE_PATTERN }), propValueSchema, { additionalProperties: false })

/** One component placed in a tree: a theme component of the catalogue, or a stored component (`component`). */
export interface PageNode {
  id: string
  /** A theme component's name (`themeComponents`), or `component` for a stored one. */
  type: string
  /** The stored component's id, when `type` is `component`. */
  component?: string
  /** Which of its parent's slots it sits in (`else` of an `if`); the main slot when absent. */
  slot?: string
  props: Record<string, unknown>
  children?: PageNode[]
}

const nodeAt = (depth: number): TSchema =>
  Type.Object(
    {
      id: Type.String({ pattern: NODE_ID_PATTERN }),
      type: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,39}$' }),
      component: Type.Optional(Type.String({ pattern: ID_PATTERN, ref: 'components' })),
      slot: Type.Optional(Type.String({ pattern: VARIABLE_PATTERN })),
      props: propsSchema,
      // The deepest level may still say it has no children (`children: []`).
      children: Type.Optional(
        depth > 1 ? Type.Array(nodeAt(depth - 1), { maxItems: MAX_CHILDREN }) : Type.Array(Type.Never(), { maxItems: 0 })
      )
    },
    { additionalProperties: false }
  )
/** A tree of components, at most `MAX_NODE_DEPTH` deep. */
export const pageNodeSchema = nodeAt(MAX_NODE_DEPTH)

/** Menu item types (§3.15): item is the default (an empty type is an item too). */
export const menuItemTypes = ['item', 'drawer', 'logo', 'search', 'currency', 'favorite', 'cart', 'spacer', 'lang'] as const
export type MenuItemType = (typeof menuItemTypes)[number]

/** A link (§3.6 pageRef): a plain string is an external URL; otherwise a page (its component) or a URL. */
export const pageRefSchema = Type.Union([
  Type.String({ maxLength: 2000 }),
  Type.Object(
    {
      type: Type.Optional(Type.Union([Type.Literal('page'), Type.Literal('external')])),
      page: Type.Optional(Type.String({ maxLength: 100 })),
      url: Type.Optional(Type.String({ maxLength: 2000 })),
      params: Type.Optional(
        Type.Record(Type.String({ pattern: VARIABLE_PATTERN }), Type.Union([Type.String({ maxLength: 200 }), Type.Number()]), {
          additionalProperties: false
        })
      )
    },
    { additionalProperties: false }
  )
])
export type PageRef = Static<typeof pageRefSchema>

const dimText = Type.Optional(Type.String({ maxLength: 40 }))
const menuItemAt = (depth: number): TSchema =>
  Type.Object(
    {
      id: Type.Optional(Type.String({ pattern: NODE_ID_PATTERN })),
      type: Type.Optional(Type.Union([literals(menuItemTypes), Type.Literal('')])),
      name: Type.Optional(tranSchema),
      to: Type.Optional(Type.Union([pageRefSchema, Type.Null()])),
      icon: Type.Optional(Type.String({ maxLength: 100 })),
      width: dimText,
      height: dimText,
      padding: dimText,
      align: Type.Optional(Type.String({ maxLength: 20 })),
      justify: Type.Optional(Type.String({ maxLength: 20 })),
      showFlag: Type.Optional(Type.Boolean()),
      ...(depth > 1 ? { childs: Type.Optional(Type.Array(menuItemAt(depth - 1), { maxItems: 100 })) } : {})
    },
    { additionalProperties: false }
  )
/** One entry of a menu (header, footer, drawer): `childs` nest up to `MAX_MENU_DEPTH`. */
export const menuItemSchema = menuItemAt(MAX_MENU_DEPTH)
export interface MenuItem {
  id?: string
  type?: MenuItemType | ''
  name?: Static<typeof tranSchema>
  to?: PageRef | null
  icon?: string
  width?: string
  height?: string
  padding?: string
  align?: string
  justify?: string
  showFlag?: boolean
  childs?: MenuItem[]
}
export const menuItemsSchema = Type.Array(menuItemSchema, { maxItems: 100 })

/** A prop a stored component declares (§3.15 "props with types"), so a page using it can fill it. */
export const componentPropSchema = Type.Object(
  { type: Type.String({ maxLength: 100 }), default: Type.Optional(propValueSchema), label: Type.Optional(tranSchema) },
  { additionalProperties: false }
)

/**
 * A stored component (§3.15, §2.10 "components (new, edit)"): its data variables and their types, its
 * declared props, and its tree. A page shows one component; a component may place others.
 */
export const componentSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** Variable name → type (`product[]`, `tran`, …). */
    dataType: Type.Record(Type.String({ pattern: VARIABLE_PATTERN }), Type.String({ maxLength: 100 }), {
      additionalProperties: false,
      maxProperties: MAX_COMPONENT_VARIABLES
    }),
    /** Variable name → its value: a constant, or an expression (a data source, most often). */
    data: Type.Record(Type.String({ pattern: VARIABLE_PATTERN }), propValueSchema, {
      additionalProperties: false,
      maxProperties: MAX_COMPONENT_VARIABLES
    }),
    props: Type.Record(Type.String({ pattern: VARIABLE_PATTERN }), componentPropSchema, {
      additionalProperties: false,
      maxProperties: MAX_COMPONENT_VARIABLES
    }),
    content: Type.Array(pageNodeSchema, { maxItems: MAX_CHILDREN }),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Component', additionalProperties: false }
)
/** The stored component; `content` typed as the tree it is (the unrolled schema's static type is not). */
export type Component = Omit<Static<typeof componentSchema>, 'content'> & { content: PageNode[] }
export type ComponentData = Omit<Component, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
/** What the resolver needs of a component: no stamps, no ids of the record (tests and templates). */
export type ComponentModel = Pick<Component, 'dataType' | 'data' | 'props' | 'content'> & { _id?: string; name?: string }

/** A page (§3.13): name, path, the component it shows, SEO. */
export const pageSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    path: Type.String({ pattern: PAGE_PATH_PATTERN, maxLength: 1000 }),
    component: Type.String({ pattern: ID_PATTERN, ref: 'components' }),
    seo: Type.Optional(
      Type.Object(
        {
          title: Type.Optional(storedTextSchema),
          description: Type.Optional(storedTextSchema),
          keywords: Type.Optional(storedTextSchema)
        },
        { additionalProperties: false }
      )
    ),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Page', additionalProperties: false }
)
/** A page record (`Page` is the list answer's name in query.ts). */
export type ShopPage = Static<typeof pageSchema>
export type ShopPageData = Omit<ShopPage, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type ShopPagePatch = Partial<ShopPageData>
