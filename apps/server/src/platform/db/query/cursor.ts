import { BadRequest } from '@feathersjs/errors'
import { sortExpression, sortValue, type SortKey } from './sort'
import type { Sql } from './where'

/**
 * Keyset paging (`$cursor`). A cursor names a row position in one sort order: the sort keys'
 * values of the row it starts after, and which way to read. It is opaque to clients.
 */
export interface Cursor {
  direction: 'next' | 'previous'
  values: unknown[]
}

interface Encoded {
  d: 'n' | 'p'
  s: string
  v: unknown[]
}

const signature = (keys: SortKey[]) => keys.map((k) => `${k.key}:${k.direction}`).join(',')

export const encodeCursor = (keys: SortKey[], row: Record<string, unknown>, direction: Cursor['direction']): string =>
  Buffer.from(
    JSON.stringify({
      d: direction === 'next' ? 'n' : 'p',
      s: signature(keys),
      v: keys.map((k) => sortValue(row, k))
    } satisfies Encoded)
  ).toString('base64url')

/** `$cursor: true` (or '') starts cursor mode at the first page; a token continues from it. */
export const decodeCursor = (keys: SortKey[], token: unknown): Cursor | null => {
  if (token === true || token === 'true' || token === '' || token === null) return null
  if (typeof token !== 'string' || token.length > 4096) throw new BadRequest('Invalid $cursor')
  let decoded: Encoded
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Encoded
  } catch {
    throw new BadRequest('Invalid $cursor')
  }
  if (!decoded || !Array.isArray(decoded.v) || (decoded.d !== 'n' && decoded.d !== 'p')) throw new BadRequest('Invalid $cursor')
  if (decoded.s !== signature(keys) || decoded.v.length !== keys.length) {
    throw new BadRequest('$cursor belongs to another sort order; start again without it')
  }
  return { direction: decoded.d === 'n' ? 'next' : 'previous', values: decoded.v }
}

/**
 * Rows strictly after the cursor row in the order read. PostgreSQL puts NULLs last ascending and
 * first descending, so "after" must say where NULLs stand, key by key.
 */
export const afterCursor = (keys: SortKey[], cursor: Cursor): Sql => {
  const reverse = cursor.direction === 'previous'
  const alternatives: Sql[] = []
  for (let i = 0; i < keys.length; i++) {
    const equal = keys.slice(0, i).map((key, j) => compare(key, cursor.values[j], 'equal'))
    const descending = (keys[i].direction === -1) !== reverse
    const after = compare(keys[i], cursor.values[i], descending ? 'before' : 'after')
    if (after.sql === 'false') continue
    const parts = [...equal, after]
    alternatives.push({ sql: parts.map((p) => `(${p.sql})`).join(' and '), bindings: parts.flatMap((p) => p.bindings) })
  }
  if (!alternatives.length) return { sql: 'false', bindings: [] }
  const after = {
    sql: `(${alternatives.map((p) => `(${p.sql})`).join(' or ')})`,
    bindings: alternatives.flatMap((p) => p.bindings)
  }
  // The `or` above is no index range: PostgreSQL reads every row before the cursor and filters it out,
  // so page k of a walk costs k pages (the export reads whole years this way). Read descending, every
  // alternative implies "first key <= its value" (NULLs come first, never after a value): said once
  // more as a plain bound, the index seeks to the cursor. Ascending, NULLs come after every value, so
  // the bound would need `or … is null`, which is no range either; those reads are left as they are.
  const first = keys[0]
  if (alternatives.length < 2 || cursor.values[0] === null || (first.direction === -1) === reverse) return after
  const bound = compare(first, cursor.values[0], 'sameOrBefore')
  return { sql: `(${bound.sql}) and ${after.sql}`, bindings: [...bound.bindings, ...after.bindings] }
}

// 'after' = later in ascending order (NULLs last); 'before' = later in descending order (NULLs first);
// 'sameOrBefore' = the same or later in descending order, for a value that is not null.
const compare = (key: SortKey, value: unknown, relation: 'equal' | 'after' | 'before' | 'sameOrBefore'): Sql => {
  const expression = sortExpression(key)
  // A JSON column (a translatable name stored as a plain string too) compares as jsonb, never as text.
  const bound = key.path.length || key.json ? { sql: '?::jsonb', value: JSON.stringify(value) } : { sql: '?', value }
  const x = expression.sql
  const b = expression.bindings
  if (value === null) {
    if (relation === 'equal') return { sql: `${x} is null`, bindings: b }
    if (relation === 'after') return { sql: 'false', bindings: [] }
    return { sql: `${x} is not null`, bindings: b }
  }
  if (relation === 'equal') return { sql: `${x} = ${bound.sql}`, bindings: [...b, bound.value] }
  if (relation === 'sameOrBefore') return { sql: `${x} <= ${bound.sql}`, bindings: [...b, bound.value] }
  if (relation === 'after') return { sql: `${x} > ${bound.sql} or ${x} is null`, bindings: [...b, bound.value, ...b] }
  return { sql: `${x} < ${bound.sql}`, bindings: [...b, bound.value] }
}
