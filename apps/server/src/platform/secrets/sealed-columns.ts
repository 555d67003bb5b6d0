import type { Knex } from 'knex'
import { activeSecretsKeyring, isSealed, openSecret, sealSecret, sealedKeyId, type SecretsKeyring } from './secrets-key'

/**
 * Secrets kept in a column of their own table rather than in `shopSecrets` or `platformSecrets`, sealed
 * with the same envelope key (decisions 0122, 0212). Each names what its values are bound to, so the
 * rotation (rotate-secrets.ts) and the migration that sealed old clear values open and seal them alike.
 */
export interface SealedColumns {
  table: string
  /** The columns that find one row. */
  key: readonly string[]
  /** The sealed columns (null: none stored). */
  columns: readonly string[]
  /** The columns the context is made of (besides the key). */
  reads?: readonly string[]
  context: (row: Record<string, unknown>) => string
  /** Narrows the rows read (a large table whose few sealed values the rest need not be read or locked for). */
  only?: (query: Knex.QueryBuilder) => Knex.QueryBuilder
}

/**
 * A staff account's two-step sign-in secret (decision 0136), confirmed and pending: bound to the account,
 * not to the column, since confirming moves the pending one to `secret` as it is.
 */
export const twoStepSecrets: SealedColumns = {
  table: 'userTwoStep',
  key: ['user'],
  columns: ['secret', 'pendingSecret'],
  context: (row) => `userTwoStep/${String(row.user)}`
}

/** The PKCE verifier of an accounting connection being authorized (decision 0197), bound to its shop and state. */
export const authStateContext = (shop: string, stateHash: string) => `accountingAuthStates/${shop}/${stateHash}`
export const accountingVerifiers: SealedColumns = {
  table: 'accountingAuthStates',
  key: ['_id'],
  columns: ['verifier'],
  reads: ['shop', 'stateHash'],
  context: (row) => authStateContext(String(row.shop), String(row.stateHash))
}

/**
 * A waiting mail that carries a one-time code or a reset link (decision 0215): its rendered body and values,
 * sealed as one JSON text and bound to the mail's id, until it is sent or gives up (then erased).
 */
export const mailBodyContext = (id: string) => `mailOutbox/${id}`
export const sealedMailBodies: SealedColumns = {
  table: 'mailOutbox',
  key: ['_id'],
  columns: ['sealed'],
  context: (row) => mailBodyContext(String(row._id)),
  only: (query) => query.whereNotNull('sealed')
}

/** Every such column: what rotation seals again, besides `shopSecrets` and `platformSecrets`. */
export const sealedColumns: readonly SealedColumns[] = [twoStepSecrets, accountingVerifiers, sealedMailBodies]

/** A two-step secret as stored (sealed), and back. */
export const sealTwoStepSecret = (user: string, clear: string, keyring: SecretsKeyring = activeSecretsKeyring()) =>
  sealSecret(keyring, clear, twoStepSecrets.context({ user }))
export const openTwoStepSecret = (user: string, stored: string, keyring: SecretsKeyring = activeSecretsKeyring()) =>
  openSecret(keyring, stored, twoStepSecrets.context({ user }))

type Row = Record<string, unknown>
const rowsOf = (knex: Knex, spec: SealedColumns) =>
  knex(spec.table)
    .select([...spec.key, ...(spec.reads ?? []), ...spec.columns])
    .modify((query: Knex.QueryBuilder) => spec.only?.(query)) as unknown as Promise<Row[]>
const where = (spec: SealedColumns, row: Row) => Object.fromEntries(spec.key.map((column) => [column, row[column]]))

/**
 * Every value of the columns sealed (again) under the keyring's current key: those an older server kept
 * in clear (the migration) and those under another key (rotation). A value already under the current key
 * is left alone, so running it again changes nothing; a sealed value that does not open stops it
 * (SecretUnreadable). Answers how many values there are and how many were sealed.
 */
export const resealColumns = async (knex: Knex, spec: SealedColumns, keyring: SecretsKeyring) => {
  let total = 0
  let moved = 0
  const query = rowsOf(knex, spec) as unknown as Knex.QueryBuilder
  const rows = (await ((knex as Knex.Transaction).isTransaction ? query.forUpdate() : query)) as Row[]
  for (const row of rows) {
    const context = spec.context(row)
    const changes: Row = {}
    for (const column of spec.columns) {
      const stored = row[column]
      if (typeof stored !== 'string') continue
      total++
      if (sealedKeyId(stored) === keyring.current.id) continue
      changes[column] = sealSecret(keyring, isSealed(stored) ? openSecret(keyring, stored, context) : stored, context)
    }
    if (!Object.keys(changes).length) continue
    await knex(spec.table).where(where(spec, row)).update(changes)
    moved += Object.keys(changes).length
  }
  return { total, moved }
}

/** The way back (a migration's down): every sealed value of the columns opened again. */
export const openColumns = async (knex: Knex, spec: SealedColumns, keyring: SecretsKeyring) => {
  for (const row of await rowsOf(knex, spec)) {
    const changes: Row = {}
    for (const column of spec.columns) {
      const stored = row[column]
      if (typeof stored === 'string' && isSealed(stored)) changes[column] = openSecret(keyring, stored, spec.context(row))
    }
    if (Object.keys(changes).length) await knex(spec.table).where(where(spec, row)).update(changes)
  }
}
