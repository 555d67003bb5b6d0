import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { linkedShops } from '../../platform/tenancy'

type Row = Record<string, unknown>
type Db = Knex | Knex.Transaction

const invalid = (field: string, message: string) => new BadRequest(message, { key: 'format.invalid', field })
const list = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : [])
const changed = (after: unknown, before: unknown) => JSON.stringify(after ?? null) !== JSON.stringify(before ?? null)

/** A link naming a shop neither linked with this one nor the caller's own (decisions 0087, 0189). */
export const linkNotAllowed = (field: string) =>
  new Forbidden('A product can link only to a product of a linked shop or of a shop you work in', {
    key: 'errors.productLinkNotLinked',
    field
  })

/** The shops among `ids` the caller is an accepted admin or staff member of (where it may also move stock). */
const memberShops = async (db: Db, caller: string | null | undefined, ids: string[]): Promise<Set<string>> => {
  if (!caller || !ids.length) return new Set()
  const rows = (await db('shopMembers')
    .where({ user: caller, accepted: true })
    .whereIn('role', ['admin', 'user'])
    .whereIn('shop', ids)
    .select('shop')) as { shop: string }[]
  return new Set(rows.map((row) => row.shop))
}

/**
 * Product links (spec §3.7 productLinks, used by crossTransfer; decision 0189): each new or changed
 * link names a shop linked with the product's shop by an accepted sub-shop link (either way) or one
 * the caller works in, one link per shop, a product of that shop, and a warehouse of that shop when
 * it names one.
 */
const checkLinks = async (db: Db, after: Row, before: Row | undefined, caller: string | null | undefined) => {
  const links = list(after.productLinks)
  const seen = new Set<unknown>()
  links.forEach((link, i) => {
    if (link.shop === after.shop) throw invalid(`productLinks.${i}.shop`, 'A product links to a product of another shop')
    if (seen.has(link.shop)) throw invalid(`productLinks.${i}.shop`, 'Two links name the same shop')
    seen.add(link.shop)
  })
  const previous = new Set(list(before?.productLinks).map((link) => JSON.stringify(link)))
  const fresh = links.map((link, i) => ({ link, i })).filter(({ link }) => !previous.has(JSON.stringify(link)))
  if (!fresh.length) return
  const named = [...new Set(fresh.map(({ link }) => String(link.shop)))]
  const linked = await linkedShops(db, String(after.shop), named)
  const own = await memberShops(
    db,
    caller,
    named.filter((shop) => !linked.has(shop))
  )
  const refused = fresh.find(({ link }) => !linked.has(String(link.shop)) && !own.has(String(link.shop)))
  if (refused) throw linkNotAllowed(`productLinks.${refused.i}.shop`)
  for (const { link, i } of fresh) {
    const product = (await db('products')
      .where({ _id: String(link.product), shop: String(link.shop) })
      .first('_id')) as Row | undefined
    if (!product) throw invalid(`productLinks.${i}.product`, `"productLinks.${i}.product" is not a product of that shop`)
    if (typeof link.crossWarehouse !== 'string') continue
    const warehouse = (await db('warehouses')
      .where({ _id: link.crossWarehouse, shop: String(link.shop) })
      .first('_id')) as Row | undefined
    if (!warehouse)
      throw invalid(`productLinks.${i}.crossWarehouse`, `"productLinks.${i}.crossWarehouse" is not a warehouse of that shop`)
  }
}

/** The sub-shop a product belongs to (spec §3.7 subShop) is one of its shop's accepted sub-shops. */
const checkSubShop = async (db: Db, after: Row, before: Row | undefined) => {
  if (typeof after.subShop !== 'string' || !changed(after.subShop, before?.subShop)) return
  const link = (await db('shopMembers')
    .where({ shop: String(after.shop), role: 'subshop', accepted: true, subShop: after.subShop })
    .first('_id')) as Row | undefined
  if (!link) throw invalid('subShop', '"subShop" is not one of this shop\'s sub-shops')
}

/** The coupons offered with a product (decision 0189) are distinct coupon templates of its shop. */
const checkCoupons = async (db: Db, after: Row, before: Row | undefined) => {
  const ids = Array.isArray(after.coupons) ? (after.coupons as unknown[]).map(String) : []
  const seen = new Set<string>()
  ids.forEach((id, i) => {
    if (seen.has(id)) throw invalid(`coupons.${i}`, 'A coupon is given twice')
    seen.add(id)
  })
  const old = new Set(Array.isArray(before?.coupons) ? (before.coupons as unknown[]).map(String) : [])
  const fresh = ids.map((id, i) => ({ id, i })).filter(({ id }) => !old.has(id))
  if (!fresh.length) return
  const rows = (await db('couponTemplates')
    .select('_id')
    .where('shop', String(after.shop))
    .whereIn(
      '_id',
      fresh.map(({ id }) => id)
    )) as { _id: string }[]
  const found = new Set(rows.map((row) => row._id))
  const missing = fresh.find(({ id }) => !found.has(id))
  if (missing) throw invalid(`coupons.${missing.i}`, `"coupons.${missing.i}" is not one of this shop's coupon templates`)
}

/** The 3D preview's files (spec §3.7): a glTF-binary mesh and an image texture from the shop's media library. */
const PREVIEW_KINDS = { mesh: /^model\/gltf-binary$/, texture: /^image\/(png|jpeg|webp)$/ } as const

const checkPreview = async (db: Db, after: Row, before: Row | undefined) => {
  const preview = (after.preview3d ?? {}) as Row
  const old = (before?.preview3d ?? {}) as Row
  for (const [part, mime] of Object.entries(PREVIEW_KINDS)) {
    const id = preview[part]
    if (typeof id !== 'string' || id === old[part]) continue
    const file = (await db('attachments')
      .where({ _id: id, shop: String(after.shop) })
      .first('mime')) as { mime: string } | undefined
    if (!file) throw invalid(`preview3d.${part}`, `"preview3d.${part}" is not a file of this shop's media library`)
    if (!mime.test(file.mime)) throw invalid(`preview3d.${part}`, `"preview3d.${part}" is not a file of the right kind`)
  }
}

/** What a product names beyond its catalogue: links, sub-shop, coupons and the 3D preview's files. */
export const checkProductReferences = async (db: Db, after: Row, before: Row | undefined, caller: string | null | undefined) => {
  await checkLinks(db, after, before, caller)
  await checkSubShop(db, after, before)
  await checkCoupons(db, after, before)
  await checkPreview(db, after, before)
}
