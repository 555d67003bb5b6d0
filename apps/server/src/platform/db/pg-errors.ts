import { BadRequest, Conflict, FeathersError, GeneralError, Unavailable } from '@feathersjs/errors'
import { sharedMessages } from '@emporia/shared'

/** Unique indexes whose clash has its own message (the index is the last word on a race the check lost). */
const TAKEN: Record<string, { key: 'discount.couponCodeTaken'; field: string }> = {
  // Rule codes unique as codes compare (decision 0139).
  discounts_shop_coupon_code: { key: 'discount.couponCodeTaken', field: 'couponCode' }
}

interface DatabaseError {
  code?: string
  column?: string
  constraint?: string
  detail?: string
}

/**
 * Turns a driver error into a Feathers error the client may see. The database's own text is
 * never passed on (it can name tables and values); what the caller did wrong is.
 */
export const toFeathersError = (error: unknown): FeathersError => {
  if (error instanceof FeathersError) return error
  const { code = '', column, constraint } = (error ?? {}) as DatabaseError
  if (code === '23505') {
    const known = constraint ? TAKEN[constraint] : undefined
    if (known) return new Conflict(sharedMessages.en[known.key], known)
    return new Conflict('A record with this value already exists', { constraint: publicName(constraint) })
  }
  if (code === '23502') return new BadRequest(`${column ?? 'A field'} is required`, { field: column })
  if (code === '23503') return new BadRequest('A referenced record does not exist')
  if (code === '23514') return new BadRequest('A value is outside its allowed range')
  if (code === '2201B') return new BadRequest('Invalid regular expression in $regex')
  if (code === '22001') return new BadRequest('A text value is too long')
  if (code === '22003') return new BadRequest('A number is out of range')
  if (code.startsWith('22')) return new BadRequest('Invalid value in query or data')
  if (code === '40001' || code === '40P01') return new Conflict('The record was changed at the same time; please retry')
  // statement_timeout (knex.ts): one call may not hold a connection, or PostgreSQL, for longer.
  if (code === '57014') return new Unavailable('The request took too long and was cancelled', { key: 'errors.timeout' })
  if (code === '53300' || /acquiring a connection/i.test(String((error as Error)?.message))) {
    return new Unavailable('The server is busy; please retry')
  }
  const hidden = new GeneralError('Internal server error')
  hidden.cause = error
  return hidden
}

// Constraint names are ours (<table>_<column>_unique); only the column part is useful to a client.
const publicName = (constraint?: string) => constraint?.replace(/^[a-z0-9]+_/i, '').replace(/_(unique|key|idx)$/, '')
