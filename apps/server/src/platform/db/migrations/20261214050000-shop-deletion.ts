import type { Knex } from 'knex'

/** The audit log's guard (decision 0137), with or without the way through for the purge of a shop. */
const auditGuard = (purge: boolean) => `
  create or replace function "auditLogs_immutable"() returns trigger
  language plpgsql security definer set search_path = public as $$
  begin
    if tg_op = 'DELETE' then
      if not exists (select 1 from shops where "_id" = old.shop) then
        return old;
      end if;${
        purge
          ? `
      if current_setting('emporia.purging_shop', true) = old.shop::text
         and exists (select 1 from shops where "_id" = old.shop and "deleteAfter" is not null) then
        return old;
      end if;`
          : ''
      }
    end if;
    raise exception 'The audit log is never changed' using errcode = '42501';
  end $$`

/**
 * Deleting a shop after a grace period (decision 0211): when its rows go (`deleteAfter`, null when not
 * asked for), who asked, and when the job removed them (`deletedAt`: the row stays as a tombstone for
 * the platform's own invoices, which reference it).
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    table.timestamp('deleteAfter', { useTz: true }).nullable()
    table.specificType('deletionRequestedBy', 'char(24)').nullable()
    table.timestamp('deletedAt', { useTz: true }).nullable()
  })
  // The job looks for due shops only among the few that asked.
  await knex.raw(`create index "shops_deleteAfter" on shops ("deleteAfter") where "deleteAfter" is not null`)
  // The audit log goes with the shop's other rows: the purge names the shop in its transaction, and
  // only a shop asked to be deleted can be named (the shop row stays as a tombstone, so the cascade
  // exception of 0137 does not apply).
  await knex.raw(auditGuard(true))
}

export const down = async (knex: Knex) => {
  await knex.raw(auditGuard(false))
  await knex.raw(`drop index if exists "shops_deleteAfter"`)
  await knex.schema.alterTable('shops', (table) => {
    table.dropColumn('deleteAfter')
    table.dropColumn('deletionRequestedBy')
    table.dropColumn('deletedAt')
  })
}
