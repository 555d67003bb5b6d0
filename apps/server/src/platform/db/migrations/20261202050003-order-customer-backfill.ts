import type { Knex } from 'knex'

/*
 * Orders made for a chosen customer before the order kept their name showed "-" for the customer on
 * their page and invoice (create-order's orderCustomerOf fills it since): each part the order did not say (name, phone,
 * e-mail) is taken from the customer's record, as a new order now does. Erased customers stay unnamed.
 */
export const up = async (knex: Knex) => {
  await knex.raw(`
    update "orders" o
       set "customer" = jsonb_strip_nulls(jsonb_build_object(
             'name', nullif(btrim(su."name"), ''),
             'phone', nullif(btrim(su."phone"), ''),
             'email', nullif(btrim(su."email"), '')
           )) || (case when jsonb_typeof(o."customer") = 'object'
                       then jsonb_strip_nulls(o."customer") - array(
                              select key from jsonb_each_text(o."customer") where btrim(value) = '')
                       else '{}'::jsonb end)
      from "shopUsers" su
     where su."_id" = o."user" and su."shop" = o."shop" and su."erasedAt" is null
       and coalesce(btrim(o."customer"->>'name'), '') = ''`)
}

// What the orders said before is not kept: the names stay (they were the customers' own).
export const down = async () => undefined
