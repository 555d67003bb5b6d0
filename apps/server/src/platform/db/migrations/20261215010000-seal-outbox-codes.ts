import type { Knex } from 'knex'
import { mailBodyOf, OUTBOX, SECRET_MAIL_TYPES, SECRET_VALUE_KEYS, sealMailBody, type OutboxRow } from '../../mail/outbox'
import { activeSecretsKeyring } from '../../secrets/secrets-key'

/**
 * One-time codes and reset links are never at rest in clear in the outbox (decision 0215): a waiting mail
 * that carries one keeps its body and values sealed in `sealed`, and loses them once sent or failed. The
 * mails an older server stored are brought in line: waiting ones sealed (the key is the process's, loaded
 * before migrating; needed only when there are some), finished ones erased. An index on (status,
 * updatedAt) lets the retention job find finished mails past their time in small batches.
 */
const carryingSecret = (query: Knex.QueryBuilder) =>
  query.where((where) => {
    where.whereIn('type', SECRET_MAIL_TYPES as string[])
    for (const key of SECRET_VALUE_KEYS) where.orWhereRaw(`coalesce(("values"->>?), '') <> ''`, [key])
  })

export const up = async (knex: Knex) => {
  await knex.schema.alterTable(OUTBOX, (table) => {
    table.text('sealed')
  })
  await knex.raw(`create index "mailOutbox_status_updatedAt" on "${OUTBOX}" (status, "updatedAt")`)
  await carryingSecret(knex(OUTBOX).whereNot('status', 'pending')).update({ html: '', text: '', values: '{}' })
  const waiting = (await carryingSecret(knex(OUTBOX).where('status', 'pending')).select('_id', 'html', 'text', 'values')) as Pick<
    OutboxRow,
    '_id' | 'html' | 'text' | 'values'
  >[]
  if (!waiting.length) return
  const keyring = activeSecretsKeyring()
  for (const row of waiting)
    await knex(OUTBOX)
      .where({ _id: row._id })
      .update({
        html: '',
        text: '',
        values: '{}',
        sealed: sealMailBody(keyring, row._id, { html: row.html, text: row.text, values: row.values })
      })
}

export const down = async (knex: Knex) => {
  const sealed = (await knex(OUTBOX).whereNotNull('sealed').select('_id', 'html', 'text', 'values', 'sealed')) as OutboxRow[]
  for (const row of sealed) {
    const body = mailBodyOf(activeSecretsKeyring, row)
    await knex(OUTBOX)
      .where({ _id: row._id })
      .update({ html: body.html, text: body.text, values: JSON.stringify(body.values) })
  }
  await knex.raw(`drop index if exists "mailOutbox_status_updatedAt"`)
  // contract: the sealed bodies were opened back into html, text and values above; the column goes with the way back.
  await knex.schema.alterTable(OUTBOX, (table) => {
    table.dropColumn('sealed')
  })
}
