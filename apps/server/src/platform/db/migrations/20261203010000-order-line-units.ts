import type { Knex } from 'knex'

/**
 * Weighed goods keep the unit they were sold in (decision 0162). Lines are kept in the orders' `products`
 * list, so no column changes: an older order's line of a weighed product that still exists gets the
 * product's unit as it is now (kg when the product names none), the rule of `unitOf`.
 */
export const up = async (knex: Knex) => {
  await knex.raw(`
    update orders o set products = (
      select jsonb_agg(
        case when (l->'unit') is not null or p._id is null or coalesce(p."weightType", 'none') <> 'weighted' then l
        else l || jsonb_build_object('unit', coalesce(p."weightUnit", 'kg'))
        end order by e.i)
      from jsonb_array_elements(o.products) with ordinality as e(l, i)
      left join products p on p._id = e.l->>'product' and p.shop = o.shop
    )
    where exists (
      select 1 from jsonb_array_elements(o.products) l
      join products p on p._id = l->>'product' and p.shop = o.shop
      where (l->'unit') is null and p."weightType" = 'weighted'
    )`)
}

export const down = async () => {}
