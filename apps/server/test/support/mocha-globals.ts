// @feathersjs/adapter-tests is written for mocha: give it mocha's before/after names.
import { afterAll, beforeAll } from 'vitest'

Object.assign(globalThis, { before: beforeAll, after: afterAll })
