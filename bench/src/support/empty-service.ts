import type { Id } from '@feathersjs/feathers'

/** The framework-overhead probe: a service that does nothing but answer `{ id }`. */
export class EmptyService {
  async get(id: Id) {
    return { id }
  }
}

export const EMPTY_PATH = '/api/empty/1'
export const EMPTY_BODY = '{"id":"1"}'
