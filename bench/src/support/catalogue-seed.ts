import { createHash } from 'node:crypto'
import type pg from 'pg'
import { cjkTokensSql } from '../../../apps/server/src/platform/db/migrations/20261127010000-product-keywords'
import { fixed } from './report'

/**
 * The catalogue dataset: 1,000,000 products in 10 shops, 100,000 in the measured shop,
 * generated in SQL (generate_series, integer arithmetic only) into the real `products` table, with
 * the keywords the products service would keep (CJK tokens included, docs/decisions/0103).
 * Product i is in shop i mod 10 and has the shop's
 * number n = i / 10, its posCode the six digits of n; every fifth n has three SKUs with codes.
 */
export const CATALOGUE_SHOPS = 10
export const CATALOGUE_ROWS = 1_000_000
export const catalogueShop = (s: number) => `c0c0${s.toString(16).padStart(20, '0')}`
export const CATALOGUE_SHOP = catalogueShop(0)
export const CATALOGUE_WAREHOUSE = 'c4c4c4c4c4c4c4c4c4c4c4c4'
export const categoryId = (k: number) => `c2c2${k.toString(16).padStart(20, '0')}`
export const CATEGORIES = 50
const META = 'bench_catalogue_meta'
const CHUNK = 100_000

export const ADJECTIVES = ['Classic', 'Vintage', 'Organic', 'Slim', 'Deluxe', 'Compact', 'Urban', 'Rustic', 'Bold', 'Soft']
export const MATERIALS = [
  'Cotton',
  'Leather',
  'Bamboo',
  'Steel',
  'Wool',
  'Linen',
  'Ceramic',
  'Walnut',
  'Denim',
  'Silk',
  'Oak',
  'Glass'
]
export const NOUNS = [
  'Shirt',
  'Lamp',
  'Table',
  'Mug',
  'Jacket',
  'Scarf',
  'Notebook',
  'Kettle',
  'Backpack',
  'Teapot',
  'Wallet',
  'Candle'
]
const NOUNS_CHT = ['襯衫', '燈', '桌', '杯', '外套', '圍巾', '筆記本', '水壺', '背包', '茶壺', '錢包', '蠟燭']
const ADJECTIVES_CHT = ['經典', '復古', '有機', '纖薄', '豪華', '小巧', '都市', '鄉村', '大膽', '柔軟']

const array = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`
/** A pseudo-random pick per row (squaring modulo a prime mixes neighbouring rows). */
const pick = (prime: number, size: number) =>
  `(mod(mod(i::bigint * ${prime}, 1000003) * mod(i::bigint * ${prime}, 1000003) + i, 1000003) % ${size})`

export const productsSql = (from: number, to: number) => `
insert into products ("_id", shop, name, price, "posCode", skus, categories, status, avail, "cachedInventory", keywords, "createdAt", "updatedAt")
select id, shop, jsonb_build_object('en', en, 'cht', cht), price, pos, skus, categories, status, 'both', stock,
  k.kw || ${cjkTokensSql('k.kw')}, created, created
from (
  select 'c1c1' || lpad(to_hex(i), 20, '0') as id,
    'c0c0' || lpad(to_hex(i % ${CATALOGUE_SHOPS}), 20, '0') as shop,
    (${array(ADJECTIVES)})[1 + ${pick(7919, ADJECTIVES.length)}] || ' ' || (${array(MATERIALS)})[1 + ${pick(104729, MATERIALS.length)}] || ' ' ||
      (${array(NOUNS)})[1 + ${pick(1299709, NOUNS.length)}] || ' ' || (i / 10) as en,
    (${array(ADJECTIVES_CHT)})[1 + ${pick(7919, ADJECTIVES.length)}] || (${array(NOUNS_CHT)})[1 + ${pick(1299709, NOUNS.length)}] as cht,
    100 + ${pick(32452843, 99_900)} as price,
    lpad((i / 10)::text, 6, '0') as pos,
    case when (i / 10) % 5 = 0 then jsonb_build_array(
      jsonb_build_object('id', 's', 'name', 'Small', 'code', 'S' || lpad((i / 10)::text, 6, '0')),
      jsonb_build_object('id', 'm', 'name', 'Medium', 'code', 'M' || lpad((i / 10)::text, 6, '0')),
      jsonb_build_object('id', 'l', 'name', 'Large', 'code', 'L' || lpad((i / 10)::text, 6, '0'))) end as skus,
    jsonb_build_array('c2c2' || lpad(to_hex((i / 10) % ${CATEGORIES}), 20, '0')) as categories,
    case when ${pick(15485863, 20)} = 0 then 'draft' when ${pick(15485863, 20)} = 1 then 'discontinued' else 'selling' end as status,
    (i % 50)::numeric as stock,
    timestamptz '2025-01-01T00:00:00Z' + i * interval '30 seconds' as created
  from generate_series(${from}, ${to}) as i
) p, lateral (
  select lower(en || ' ' || cht || ' ' || pos || case when skus is null then '' else ' small s' || pos || ' medium m' || pos || ' large l' || pos end) as kw
) k`

const shopsSql = `insert into shops ("_id", name, subdomain, "validUtil")
select 'c0c0' || lpad(to_hex(s), 20, '0'), '"Catalogue bench"', 'bench-catalogue-' || s, now() + interval '10 years'
from generate_series(0, ${CATALOGUE_SHOPS - 1}) s on conflict ("_id") do nothing`

const otherSql = [
  `insert into categories ("_id", shop, name, "order") select 'c2c2' || lpad(to_hex(k), 20, '0'), '${CATALOGUE_SHOP}',
     jsonb_build_object('en', 'Category ' || k), k from generate_series(0, ${CATEGORIES - 1}) k`,
  `insert into warehouses ("_id", shop, name) values ('${CATALOGUE_WAREHOUSE}', '${CATALOGUE_SHOP}', '"Main"')`,
  // One stock row per product of the measured shop, so every page reads real inventories.
  `insert into stocks ("_id", shop, warehouse, product, sku, quantity)
   select 'c3c3' || lpad(to_hex(i), 20, '0'), '${CATALOGUE_SHOP}', '${CATALOGUE_WAREHOUSE}', 'c1c1' || lpad(to_hex(i), 20, '0'), '', i % 50
   from generate_series(${CATALOGUE_SHOPS}, ${CATALOGUE_ROWS}, ${CATALOGUE_SHOPS}) i`
]

const chunks = () => Array.from({ length: CATALOGUE_ROWS / CHUNK }, (_, k) => productsSql(k * CHUNK + 1, (k + 1) * CHUNK))
const VERSION = createHash('sha256')
  .update([shopsSql, ...chunks(), ...otherSql].join(';'))
  .digest('hex')
  .slice(0, 16)

export interface CatalogueSeed {
  reused: boolean
  seconds: number
}

/** Seeds once per dataset version (the version row is written last, so an interrupted seed reseeds). */
export const ensureCatalogue = async (db: pg.Client, log: (line: string) => void): Promise<CatalogueSeed> => {
  await db.query(`create table if not exists ${META} (key text primary key, value text not null)`)
  const { rows } = await db.query(`select value from ${META} where key = 'version'`)
  if (rows[0]?.value === VERSION) return { reused: true, seconds: 0 }
  const started = performance.now()
  await db.query(`delete from ${META}`)
  // The old rows go without per-row foreign-key triggers (a million cascades would take hours);
  // what references them in the bench shops is deleted first. The bench connects as superuser.
  await db.query(`set session_replication_role = replica`)
  for (const table of [
    'stocks',
    'inventoryLogs',
    'inventoryLots',
    'inventories',
    'stockReservations',
    'warehouses',
    'categories'
  ])
    await db.query(`delete from "${table}" where shop like 'c0c0%'`)
  await db.query(`delete from products where shop like 'c0c0%'`)
  await db.query(`set session_replication_role = origin`)
  await db.query(shopsSql)
  for (const [k, sql] of chunks().entries()) {
    await db.query(sql)
    log(`  seeded ${((k + 1) * CATALOGUE_ROWS) / chunks().length} products`)
  }
  for (const sql of otherSql) await db.query(sql)
  // A reseed leaves the indexes several times their size, and the planner then prefers other plans.
  await db.query('reindex table products')
  await db.query('vacuum analyze products')
  await db.query('vacuum analyze stocks')
  await db.query(`insert into ${META} values ('version', '${VERSION}')`)
  const seconds = Number(fixed((performance.now() - started) / 1000, 1))
  log(`  catalogue seeded in ${seconds} s`)
  return { reused: false, seconds }
}
