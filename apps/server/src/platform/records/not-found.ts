import { NotFound } from '@feathersjs/errors'

/**
 * A record that is not there, or not the caller's shop's (the same answer, so ids cannot be probed).
 * The key lets the back office say it in the merchant's language; the text stays for API callers.
 */
export const recordNotFound = (id: unknown) =>
  new NotFound(`No record found for id '${String(id)}'`, { key: 'errors.recordNotFound' })
