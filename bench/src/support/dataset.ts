import { createHash } from 'node:crypto'

/**
 * The list dataset of the issue: 1,000,000 records in 10 shops, 100,000 of them in the measured
 * shop. Rows are generated in SQL (generate_series) from integer arithmetic only, so PostgreSQL
 * and PGlite build byte-identical data and a rerun rebuilds exactly the same rows.
 */
export const TABLE = 'bench_items'
export const META_TABLE = 'bench_meta'
export const ROWS = 1_000_000
export const SHOP_COUNT = 10
const CHUNK = 100_000

/** Shop ids: `b0b0` + 20 hex digits of the shop number; row i belongs to shop i % 10. */
export const shopId = (n: number) => `b0b0${n.toString(16).padStart(20, '0')}`
export const MEASURED_SHOP = shopId(0)
/** Fan-out records go to a shop of their own, so the list dataset is never touched. */
export const FANOUT_SHOP = 'fafafafafafafafafafafafa'

const ADJECTIVES = ['Classic', 'Vintage', 'Organic', 'Slim', 'Deluxe', 'Compact', 'Urban', 'Rustic', 'Bold', 'Soft'].concat([
  'Smart',
  'Fresh',
  'Royal',
  'Nordic',
  'Golden',
  'Marine',
  'Sporty',
  'Cozy',
  'Modern',
  'Handmade'
])
const MATERIALS = ['Cotton', 'Leather', 'Bamboo', 'Steel', 'Wool', 'Linen', 'Ceramic', 'Walnut', 'Denim', 'Silk'].concat([
  'Copper',
  'Canvas',
  'Oak',
  'Velvet',
  'Glass',
  'Cork'
])
const NOUNS = ['Shirt', 'Tote Bag', 'Lamp', 'Table', 'Mug', 'Jacket', 'Scarf', 'Notebook', 'Kettle', 'Backpack', 'Sandal'].concat(
  ['Teapot', 'Wallet', 'Blanket', 'Chair', 'Vase', 'Hoodie', 'Cap', 'Bowl', 'Candle', 'Watch', 'Pillow', 'Apron']
)

/** Case-insensitive "contains" terms: each matches 4 % ('ab') to 31 % ('an') of the shop's active rows. */
export const TERMS = [
  'an',
  'co',
  'et',
  'le',
  'oo',
  'al',
  'ot',
  'in',
  'ol',
  'ma',
  'ar',
  'nd',
  'st',
  'li',
  'ne',
  'ea',
  'ta',
  'ro',
  'ck',
  'ab'
]

const sqlArray = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`
/**
 * A pseudo-random pick per row. A prime multiplier alone is linear (neighbouring rows of one shop
 * would cycle through a few values); squaring modulo a prime mixes it, so fields look independent.
 */
const pick = (prime: number, salt: number, size: number) => {
  const x = `mod(i::bigint * ${prime} + ${salt}, 1000003)`
  return `(mod(${x} * ${x} + i, 1000003) % ${size})`
}

export const createTableSql = `create table ${TABLE} (
  "_id" char(24) primary key,
  "shop" char(24) not null,
  "name" text not null,
  "status" text not null,
  "price" integer not null,
  "createdAt" timestamptz not null default now(),
  "sentAt" double precision
)`

const insertSql = (from: number, to: number) => `insert into ${TABLE} ("_id", "shop", "name", "status", "price", "createdAt")
select lpad(to_hex(i), 24, '0'),
  'b0b0' || lpad(to_hex(i % ${SHOP_COUNT}), 20, '0'),
  (${sqlArray(ADJECTIVES)})[1 + ${pick(7919, 13, ADJECTIVES.length)}] || ' ' ||
  (${sqlArray(MATERIALS)})[1 + ${pick(104729, 7, MATERIALS.length)}] || ' ' ||
  (${sqlArray(NOUNS)})[1 + ${pick(1299709, 3, NOUNS.length)}] || ' #' || (i % 997),
  case when ${pick(15485863, 11, 10)} < 7 then 'active' when ${pick(15485863, 11, 10)} < 9 then 'draft' else 'archived' end,
  100 + ${pick(32452843, 5, 99_900)},
  timestamptz '2025-01-01T00:00:00Z' + i * interval '30 seconds'
from generate_series(${from}, ${to}) as i`

/** Inserts in chunks of 100,000 rows: PGlite's WASM heap stays small and progress is visible. */
export const insertChunks = (): string[] =>
  Array.from({ length: ROWS / CHUNK }, (_, k) => insertSql(k * CHUNK + 1, (k + 1) * CHUNK))

/**
 * What a list screen filtered by status, searched by name and sorted by price then name needs:
 * the shop-bound equality columns first, then the sort keys in sort order, then the id that
 * makes the order total. `name` in the index also lets the count run as an index-only scan.
 */
export const indexSql = [`create index ${TABLE}_list on ${TABLE} ("shop", "status", "price" desc, "name", "_id")`]

/** Changes to any statement above reseed: a stored dataset is reused only if its hash matches. */
export const DATASET_VERSION = createHash('sha256')
  .update([createTableSql, ...insertChunks(), ...indexSql].join(';'))
  .digest('hex')
  .slice(0, 16)
