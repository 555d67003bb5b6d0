import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'

/**
 * Record ids are strings (24-hex, decision 0002). Over REST they always are; over the socket a
 * client may send any JSON value, and an object id reaching a hook or a query (`String(id)`,
 * `{toString: 1}`) was a 500. Every external call with an id gets a plain 400 instead.
 */
export const plainIds = (context: HookContext) => {
  if (!context.params.provider) return
  const { id } = context
  if (id === undefined || id === null || typeof id === 'string') return
  throw new BadRequest('The id must be a string', { key: 'format.invalid', field: '_id' })
}
