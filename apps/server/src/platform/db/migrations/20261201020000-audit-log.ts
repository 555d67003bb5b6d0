import type { Knex } from 'knex'
import { auditLogSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * The audit log (`auditLogs`, issue 31, decision 0137): made from the shared schema, behind the wall,
 * listed by time and filtered by area, person and action. Rows are immutable at the database too: a
 * trigger refuses every UPDATE and TRUNCATE, and every DELETE but the cascade of the shop's own removal
 * (its shop row is already gone then). PL/pgSQL is built into PostgreSQL and PGlite alike.
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'auditLogs', auditLogSchema, {
    indexes: [
      ['area', 'createdAt'],
      ['user', 'createdAt']
    ]
  })
  // security definer: the shop check sees the shops table whatever wall the caller stands behind.
  await knex.raw(`
    create or replace function "auditLogs_immutable"() returns trigger
    language plpgsql security definer set search_path = public as $$
    begin
      if tg_op = 'DELETE' then
        if not exists (select 1 from shops where "_id" = old.shop) then
          return old;
        end if;
      end if;
      raise exception 'The audit log is never changed' using errcode = '42501';
    end $$`)
  await knex.raw(`
    create trigger "auditLogs_no_change" before update or delete on "auditLogs"
    for each row execute function "auditLogs_immutable"()`)
  await knex.raw(`
    create trigger "auditLogs_no_truncate" before truncate on "auditLogs"
    for each statement execute function "auditLogs_immutable"()`)
}

export const down = async (knex: Knex) => {
  await dropShopTable(knex, 'auditLogs')
  await knex.raw(`drop function if exists "auditLogs_immutable"()`)
}
