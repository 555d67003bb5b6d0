#!/usr/bin/env node
// Scaffolds a service (CONTRIBUTING "Adding a service", decisions 0074, 0075, 0125). Two templates:
//
//   record (default): a shop-scoped record service and its list screen — the shared schema and its
//     entries (index, path, permission row, service map), the migration made from the schema, the
//     server folder and its registry line, the contract test, the web screen, declaration and texts
//     with the registry line.
//       npm run new:service -- giftCards --route gift-cards --area orders --domain orders
//       npm run new:service -- banners --route eshop/banners --group eshop --domain eshop
//
//   operation: a create-only action on one record of another service (refunds, merges, transfers):
//     the shared data schema and its entries, the server folder (class, hooks, schema, registration)
//     and its registry line, the contract test. No table and no screen.
//       npm run new:service -- giftCardRedeem --kind operation --on giftCards --path giftCards/redeem --area orders --domain orders
//
// Every argument is checked against the repository before anything is written (exit 1 and nothing
// written on any problem); edits of existing files are made on their syntax tree, and every text is
// formatted and linted before it is written. --dry-run lists the files and writes nothing.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { checkOperation, planOperation } from './scaffold/operation-service.mjs'
import { finish, newPlan, write } from './scaffold/plan.mjs'
import { checkRecord, planRecord } from './scaffold/record-service.mjs'
import { readState } from './scaffold/repo-state.mjs'
import { ScaffoldError } from './scaffold/source-edit.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const templates = { record: { check: checkRecord, plan: planRecord }, operation: { check: checkOperation, plan: planOperation } }

const refuse = (problems) => {
  console.error(`new:service: nothing was written.\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  process.exit(1)
}

let args
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      kind: { type: 'string', default: 'record' },
      route: { type: 'string' },
      group: { type: 'string' },
      order: { type: 'string' },
      icon: { type: 'string' },
      area: { type: 'string' },
      domain: { type: 'string' },
      entity: { type: 'string' },
      on: { type: 'string' },
      path: { type: 'string' },
      'dry-run': { type: 'boolean', default: false }
    }
  })
} catch (error) {
  refuse([error.message])
}
const { values, positionals } = args
const name = positionals[0]
const template = templates[values.kind]
if (!template) refuse([`--kind ${values.kind}: record or operation`])
if (!name || positionals.length > 1) refuse(['name one service, e.g. `npm run new:service -- giftCards --route gift-cards …`'])
if (values.kind === 'record' && values.path !== undefined)
  refuse(['--path: a record service is at its name (servicePaths.<name>)'])

const state = await readState(root)
const { problems, settled } = template.check(state, name, values)
if (problems.length) refuse(problems)
const plan = newPlan(state)
let next
try {
  next = template.plan(state, plan, name, settled)
} catch (error) {
  if (error instanceof ScaffoldError) refuse([error.message])
  throw error
}
const invalid = await finish(root, plan)
if (invalid.length) refuse(invalid)

const report = () => [
  ...[...plan.created.keys()].map((file) => `  + ${file}`),
  ...[...plan.edited.keys()].map((file) => `  ~ ${file}`)
]
if (values['dry-run']) {
  console.log(`Would write ${plan.created.size} files and change ${plan.edited.size}:\n${report().join('\n')}`)
  process.exit(0)
}
write(root, plan)
console.log(`Wrote ${plan.created.size} files and changed ${plan.edited.size}:\n${report().join('\n')}`)
console.log(`\nNext, by hand:\n${next.map((step, index) => `  ${index + 1}. ${step}`).join('\n')}`)
console.log('Then npm test: the tenancy matrix and the row-security coverage test pick the service up by themselves.')
