import type { Knex } from 'knex'
import { normalCouponCodeSql } from '@emporia/shared'

/**
 * What an order line keeps as sold (issue 32, decision 0139). Lines are kept in the orders' `products`
 * list, so no column changes: an older order's lines get the product's name, the SKU's name and the
 * product's first image (without its inline thumbnail) from the catalogue as it is now, where the
 * product still exists; a line whose product is gone keeps the name it had. Rule codes compare as
 * issued codes do, so a shop's rule codes are unique in that form (a shop that already has two rules
 * whose codes differ only in case, spaces or dashes keeps them, with a plain index instead).
 */
export const up = async (knex: Knex) => {
  await knex.raw(`
    update orders o set products = (
      select jsonb_agg(
        case when (l->'productName') is not null or p._id is null then l
        else l || jsonb_build_object(
          'productName', p.name,
          'skuName', (select s->'name' from jsonb_array_elements(coalesce(p.skus, '[]'::jsonb)) s
                      where s->>'id' = coalesce(l->>'sku', '') limit 1),
          'image', (p.images->0) - 'thumb')
        end order by e.i)
      from jsonb_array_elements(o.products) with ordinality as e(l, i)
      left join products p on p._id = e.l->>'product' and p.shop = o.shop
    )
    where exists (select 1 from jsonb_array_elements(o.products) l where (l->'productName') is null)`)
  const normal = normalCouponCodeSql('"couponCode"')
  const { rows } = (await knex.raw(
    `select 1 from discounts where "couponCode" is not null group by shop, ${normal} having count(*) > 1 limit 1`
  )) as { rows: unknown[] }
  await knex.raw(
    `create ${rows.length ? '' : 'unique '}index if not exists "discounts_shop_coupon_code" on discounts (shop, (${normal})) where "couponCode" is not null`
  )
}

export const down = async (knex: Knex) => {
  await knex.raw('drop index if exists "discounts_shop_coupon_code"')
}
