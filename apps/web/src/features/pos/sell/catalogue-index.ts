import type { PosCatalogue, PosCatalogueProduct } from '@emporia/shared'
import type { CatalogueIndex } from '../pos-types'

/*
 * The till's catalogue in memory (decision 0098): built in one pass over the products, so 100,000 of
 * them are ready in a few hundred milliseconds; a scan is one Map lookup, a search one pass over names
 * prepared in lower case in every language (no per-keystroke lower-casing).
 */

type Hit = { product: PosCatalogueProduct; sku?: string }

/** What the till stores and merges: the answer's catalogue fields (`total`: how many the shop sells now). */
export type CatalogueData = Pick<PosCatalogue, 'version' | 'products' | 'removed' | 'categories'> & { total?: number }

/** Every language's name of a stored text, lower case, one string. */
const namesOf = (name: unknown): string => {
  if (typeof name === 'string') return name.toLowerCase()
  if (name && typeof name === 'object')
    return Object.values(name as Record<string, unknown>)
      .filter((v) => typeof v === 'string')
      .join('\u0001')
      .toLowerCase()
  return ''
}

const add = (codes: Map<string, Hit[]>, code: string | null | undefined, hit: Hit) => {
  const key = code?.trim()
  if (!key) return
  const found = codes.get(key)
  if (!found) return void codes.set(key, [hit])
  // The same product under one code twice (its posCode equals its code) is one hit, not an ambiguity.
  if (!found.some((other) => other.product._id === hit.product._id && other.sku === hit.sku)) found.push(hit)
}

export const buildCatalogueIndex = (catalogue: Pick<PosCatalogue, 'products' | 'categories'>): CatalogueIndex => {
  const { products, categories } = catalogue
  const byId = new Map<string, PosCatalogueProduct>()
  const codes = new Map<string, Hit[]>()
  const haystack: string[] = new Array(products.length)
  for (let i = 0; i < products.length; i++) {
    const product = products[i]
    byId.set(product._id, product)
    add(codes, product.posCode, { product })
    add(codes, product.code, { product })
    let text = namesOf(product.name)
    if (product.posCode) text += '\u0001' + product.posCode.toLowerCase()
    if (product.code) text += '\u0001' + product.code.toLowerCase()
    for (const sku of product.skus ?? []) {
      add(codes, sku.code, { product, sku: sku.id })
      if (sku.code) text += '\u0001' + sku.code.toLowerCase()
    }
    haystack[i] = text
  }

  // A category shows its sub-categories' products too.
  const children = new Map<string, string[]>()
  for (const category of categories) {
    if (!category.parent) continue
    children.set(category.parent, [...(children.get(category.parent) ?? []), category._id])
  }
  const within = new Map<string, Set<string>>()
  const subtree = (id: string): Set<string> => {
    const known = within.get(id)
    if (known) return known
    const set = new Set<string>([id])
    within.set(id, set)
    for (const child of children.get(id) ?? []) for (const grand of subtree(child)) set.add(grand)
    return set
  }

  return {
    size: products.length,
    categories,
    get: (id) => byId.get(id),
    byCode: (code) => codes.get(code.trim()) ?? [],
    search(text, category, limit) {
      const needle = text.trim().toLowerCase()
      const allowed = category ? subtree(category) : null
      const found: PosCatalogueProduct[] = []
      for (let i = 0; i < products.length && found.length < limit; i++) {
        if (needle && !haystack[i].includes(needle)) continue
        if (allowed && !products[i].categories.some((c) => allowed.has(c))) continue
        found.push(products[i])
      }
      return found
    }
  }
}

// An answer with no categories (nothing changed there) keeps the stored ones.
const categoriesOf = (base: CatalogueData, delta: CatalogueData) => (delta.categories.length ? delta.categories : base.categories)

/**
 * A `since` answer laid over the stored catalogue: changed products replaced or added, removed ones dropped.
 * When the answer's `total` then differs from what the till holds, products were deleted without a trace
 * (`needsFullLoad`): the caller loads the whole catalogue again.
 */
export const mergeCatalogue = (base: CatalogueData, delta: CatalogueData): CatalogueData => {
  if (!delta.products.length && !delta.removed.length)
    return { ...base, version: delta.version ?? base.version, categories: categoriesOf(base, delta), total: delta.total }
  const gone = new Set([...delta.removed, ...delta.products.map((product) => product._id)])
  return {
    version: delta.version ?? base.version,
    products: [...base.products.filter((product) => !gone.has(product._id)), ...delta.products],
    removed: [],
    categories: categoriesOf(base, delta),
    total: delta.total
  }
}

export const needsFullLoad = (merged: CatalogueData) =>
  typeof merged.total === 'number' && merged.total !== merged.products.length
