import type { Knex } from 'knex'

/**
 * One category model (issue 39, decision 0151): a product's `categories` is the whole list of its
 * categories, and `category` is its main one, always in that list (first when the list was made from
 * it). Every reader (back-office filter, storefront category pages, lists bound to a category, the
 * till, reports, exports) asks `categories` only. The database keeps the rule, whatever door the write
 * came through (`$set`, `$push`, `$pull`, patch, update, import, a script):
 * - a main category not in the list joins the list, at the front;
 * - a list that no longer holds the main category (a `$pull`, a new list) moves the main one to the
 *   list's first entry, or to none when the list is empty;
 * - a list without a main category takes its first entry as the main one.
 * Existing products are brought to the rule by the same trigger: no product loses a category.
 * PL/pgSQL is built into PostgreSQL and PGlite alike.
 */
export const up = async (knex: Knex) => {
  await knex.raw(`
    create or replace function "products_one_category"() returns trigger
    language plpgsql as $$
    declare
      list jsonb := coalesce(new.categories, '[]'::jsonb);
    begin
      if jsonb_typeof(list) <> 'array' then
        return new;
      end if;
      if tg_op = 'UPDATE' and new.category is not distinct from old.category
        and new.categories is distinct from old.categories and new.category is not null
        and not list @> jsonb_build_array(new.category::text) then
        new.category := case when jsonb_array_length(list) > 0 then list->>0 else null end;
      end if;
      if new.category is null and jsonb_array_length(list) > 0 then
        new.category := list->>0;
      end if;
      if new.category is not null and not list @> jsonb_build_array(new.category::text) then
        new.categories := jsonb_build_array(new.category::text) || list;
      end if;
      return new;
    end $$`)
  await knex.raw(`drop trigger if exists "products_one_category" on products`)
  await knex.raw(`
    create trigger "products_one_category" before insert or update of category, categories on products
    for each row execute function "products_one_category"()`)
  // Every product that breaks the rule is rewritten once; the trigger makes it whole.
  await knex.raw(`
    update products set category = category
    where (category is not null and not coalesce(categories, '[]'::jsonb) @> jsonb_build_array(category::text))
       or (category is null and jsonb_typeof(categories) = 'array' and jsonb_array_length(categories) > 0)`)
}

export const down = async (knex: Knex) => {
  await knex.raw(`drop trigger if exists "products_one_category" on products`)
  await knex.raw(`drop function if exists "products_one_category"()`)
}
