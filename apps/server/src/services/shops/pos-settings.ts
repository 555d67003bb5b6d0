import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { posAccessOf } from '@emporia/shared'

type Row = Record<string, unknown>

const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The fields a shop write names at the top level and inside its operators (`$set: {'posBanners.0.image': …}`
 * names posBanners). A path inside a field is noted with its operator and a dot (`$set.`), so a rule
 * on whole fields tells it apart.
 */
const named = (data: Row) => {
  const fields = new Map<string, { operator: string | null; value: unknown }[]>()
  const note = (path: string, operator: string | null, value: unknown) => {
    const head = path.split('.')[0]
    fields.set(head, [...(fields.get(head) ?? []), { operator: path === head ? operator : `${operator ?? ''}.`, value }])
  }
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith('$') && isObject(value)) for (const [path, inner] of Object.entries(value)) note(path, key, inner)
    else note(key, null, value)
  }
  return fields
}

const onlyNull = () =>
  new BadRequest('The legacy cashier list can only be cleared', { key: 'pos.error.posCashiersOnlyNull', field: 'posCashiers' })

/**
 * What a shop write does to the POS settings (decision 0095): `posCashiers`, the legacy list, may only
 * be cleared (null, or `$unset`) by a client; answers whether the banners are written, so their images
 * are checked on the shop as stored once the write is done.
 */
export const posSettingsWrite = (data: Row, external: boolean): { bannersWritten: boolean } => {
  const fields = named(data)
  if (external)
    for (const { operator, value } of fields.get('posCashiers') ?? []) {
      if (operator === '$unset') continue
      // A plain or `$set` write may only be null; a list operator or a path inside would keep legacy entries.
      if ((operator !== null && operator !== '$set') || value !== null) throw onlyNull()
    }
  return { bannersWritten: fields.has('posBanners') }
}

/** A new shop has no media yet: its banners could only name another shop's images. */
export const checkNewShopPos = (data: Row) => {
  posSettingsWrite(data, true)
  if (Array.isArray(data.posBanners) && data.posBanners.length) throw bannerImage(0)
}

const bannerImage = (index: number) =>
  new BadRequest("The banner's image must be one of this shop's media", {
    key: 'pos.error.bannerImage',
    field: `posBanners.${index}.image`
  })

/** Every banner of the shop as written shows one of the shop's own attachments (not another shop's, not a made-up id). */
export const checkPosBanners = async (trx: Knex.Transaction, shop: string) => {
  const row = (await trx('shops').select('posBanners').where({ _id: shop }).first()) as {
    posBanners?: { image?: string }[] | null
  }
  const banners = row?.posBanners ?? []
  if (!banners.length) return
  const images = [...new Set(banners.map((banner) => String(banner.image)))]
  const own = new Set(
    ((await trx('attachments').select('_id').where({ shop }).whereIn('_id', images)) as { _id: string }[]).map((a) => a._id)
  )
  const index = banners.findIndex((banner) => !own.has(String(banner.image)))
  if (index >= 0) throw bannerImage(index)
}

/** `shop.users[]` as answered: each entry with its POS level, so the till reads the caller's from the current shop. */
export const presentPosAccess = (record: Row) => {
  if (Array.isArray(record.users))
    record.users = record.users.map((entry: Row) => (isObject(entry) ? { ...entry, posAccess: posAccessOf(entry) } : entry))
}
