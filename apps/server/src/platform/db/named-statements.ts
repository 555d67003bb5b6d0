import { createHash } from 'node:crypto'

/**
 * Names for statements sent as PostgreSQL prepared statements (a name per text). A named statement
 * stays prepared on every pooled connection that ran it, so only the first MAX_NAMED texts of a
 * process are named; any other text runs unnamed, as before. A caller names only statements whose
 * texts come in a few shapes (a search's page: its columns and filters, never the values).
 */
const MAX_NAMED = 64
const names = new Map<string, string>()

export const statementName = (prefix: string, sql: string): string | undefined => {
  const known = names.get(sql)
  if (known || names.size >= MAX_NAMED) return known
  // A name is at most 63 bytes: the prefix and a 40-letter digest of the text.
  const name = `${prefix}_${createHash('sha1').update(sql).digest('hex')}`
  names.set(sql, name)
  return name
}
