// The operation template: a create-only action on one record of another service (a refund on an
// order, a merge of customers, a transfer of points). Its data has a schema (shared), create runs in
// one transaction of the caller's shop, the other methods are not offered, and the record it changed
// is answered and announced once committed. No table, no screen: the record's own screen calls it.
import { importPath, layout } from './layout.mjs'
import { key, namesOf, words } from './names.mjs'
import { addElement, addImport, addMember, addProperty, appendLine } from './source-edit.mjs'
import { checkCommon } from './checks.mjs'
import { recordServiceOf } from './repo-state.mjs'

/** Checks the arguments; answers the problems and the settled options (defaults filled in). */
export const checkOperation = (state, name, options) => {
  const path = options.path ?? name
  const problems = checkCommon(state, name, path, options)
  if (!/^[a-z][a-zA-Z0-9]*(\/[a-z][a-zA-Z0-9]*)*$/.test(path))
    problems.push(`--path ${path}: camelCase words, e.g. giftCards/redeem`)
  if (options.area === undefined) problems.push(`--area: name the permission area (${state.areas.join(', ')})`)
  else if (!state.areas.includes(options.area))
    problems.push(`--area ${options.area}: not a permission area (${state.areas.join(', ')})`)
  for (const option of ['route', 'group', 'order', 'icon'])
    if (options[option] !== undefined) problems.push(`--${option}: an operation has no screen of its own`)
  let target
  if (options.on === undefined) problems.push('--on: name the record service it acts on (a servicePaths key, e.g. shopUsers)')
  else
    try {
      target = recordServiceOf(state, options.on, (on) => namesOf(on).folder)
    } catch (error) {
      problems.push(error.message)
    }
  return { problems, settled: { ...options, path, target } }
}

/** Plans the files and registry lines of the operation `name` (options settled by checkOperation). */
export const planOperation = (state, plan, name, options) => {
  const { entity, one, folder, file } = namesOf(name, options.entity)
  const { path, area, domain, target } = options
  const field = namesOf(target.key).one
  const record = target.record
  const what = words(field)

  // ── shared ──────────────────────────────────────────────────────────────────────────────────────
  const schemaFile = `${layout.shared.root}/${domain}/${file}.schema.ts`
  plan.create(
    schemaFile,
    `import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '${importPath(schemaFile, layout.shared.ids)}'

/** What \`${path}\` takes (spec §?): the ${what} it acts on. Add the operation's own fields here. */
export const ${one}Schema = Type.Object(
  { ${field}: Type.String({ pattern: ID_PATTERN, ref: '${target.path}' }) },
  { $id: '${entity}', additionalProperties: false }
)
export type ${entity}Data = Static<typeof ${one}Schema>
`
  )
  const schemaModule = schemaFile.replace(/\.ts$/, '')
  plan.edit(layout.shared.index, (text) => appendLine(text, `export * from '${importPath(layout.shared.index, schemaModule)}'`))
  plan.edit(layout.shared.servicePaths, (text) => addProperty(text, 'servicePaths', `${name}: '${path}'`))
  plan.edit(layout.shared.permissions, (text) =>
    addProperty(text, 'serviceRules', `${key(path)}: { read: areas.${area}, write: areas.${area} }`)
  )
  plan.edit(layout.shared.serviceMap, (text) =>
    addMember(
      addImport(text, `import type { ${entity}Data } from '${importPath(layout.shared.serviceMap, schemaModule)}'`),
      'ServiceMap',
      `/** Create only: acts on one ${what} and answers it as it is afterwards. */\n  [servicePaths.${name}]: ServiceShape<${record}, ${entity}Data, never, ServiceQuery, never>`
    )
  )

  // ── server ──────────────────────────────────────────────────────────────────────────────────────
  const service = `${layout.server.services}/${folder}`
  const from = `${service}/x`
  const at = (module) => importPath(from, module)
  plan.create(
    `${service}/${folder}.schema.ts`,
    `import { Type } from '@sinclair/typebox'
import { ${one}Schema } from '@emporia/shared'
import { modelFromSchema } from '${at(layout.server.model)}'
import { dataValidators } from '${at(layout.server.validateData)}'

// The record validators need an _id: the data is checked as if it were a record (the id is never sent).
export const ${one}Model = modelFromSchema(
  '${path}',
  Type.Object({ _id: Type.String({ readOnly: true }), ...${one}Schema.properties }, { additionalProperties: false })
)
export const ${one}Validators = dataValidators(${one}Model)
`
  )
  plan.create(
    `${service}/${folder}.hooks.ts`,
    `import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'
import { noEvent } from '${at(layout.server.serviceSupport)}'
import { assertValid } from '${at(layout.server.validateData)}'
import { ${one}Validators } from './${folder}.schema'

/** One ${what} per call, its data as the schema says: a 400 naming each field otherwise. */
export const check${entity} = (context: HookContext) => {
  if (!context.data || typeof context.data !== 'object' || Array.isArray(context.data))
    throw new BadRequest('One ${what} at a time', { key: 'format.invalid', field: 'data' })
  assertValid(${one}Validators.create, context.data)
}

/** After sign-in and the shop (registerShopPath); the ${what} it changed is announced, not the call. */
export const ${one}Hooks = {
  before: { create: [check${entity}] },
  after: { create: [noEvent] }
}
`
  )
  plan.create(
    `${service}/${folder}.class.ts`,
    `import { NotFound } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { servicePaths, type ${record}, type ${entity}Data } from '@emporia/shared'
import { shopOf, userOf } from '${at(layout.server.serviceSupport)}'
import type { ServiceContext } from '${at(layout.server.serviceContext)}'
import type { RecordParams } from '${at(layout.server.recordService)}'
import { shopTransaction } from '${at(layout.server.tenancy)}'
import { ${one}Model } from './${folder}.schema'

/**
 * \`${path}\` (spec §?): an operation on one ${what} of the caller's shop. Create only (the other methods
 * answer 405); it runs in one transaction and answers the ${what} as it is afterwards.
 */
export class ${entity}Service {
  /** The data's schema: the tenancy matrix samples what to send from it. */
  readonly model = ${one}Model

  constructor(
    private readonly context: ServiceContext,
    private readonly app: Application
  ) {}

  async create(data: ${entity}Data, params: RecordParams = {}): Promise<${record}> {
    const shop = shopOf(params)
    await shopTransaction(this.context.db.knex, this.context.records.rowSecurity, shop, (trx) =>
      this.apply(trx, shop, data, userOf(params))
    )
    // Committed: the ${what} is read as its own service answers it, and announced as a patch of it.
    const records = this.app.service(servicePaths.${target.key})
    const record: ${record} = await records.get(data.${field}, { query: { shop } })
    records.emit('patched', record)
    return record
  }

  /** The operation: every statement on \`trx\`, so a refusal part-way leaves nothing written. */
  async apply(trx: Knex.Transaction, shop: string, data: ${entity}Data, _user: string | undefined): Promise<void> {
    // Locked until the transaction ends: two operations on one ${what} take turns.
    const row = await trx('${target.table}').where({ shop, _id: data.${field} }).forUpdate().first('_id')
    if (!row) throw new NotFound('No such ${what} in this shop', { field: '${field}' })
    // The change goes here; a rule it breaks throws a 4xx naming the field (BadRequest, Conflict).
    await trx('${target.table}').where({ shop, _id: data.${field} }).update({ updatedAt: trx.fn.now() })
  }
}
`
  )
  plan.create(
    `${service}/${folder}.ts`,
    `import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '${at(layout.server.serviceContext)}'
import { registerShopPath } from '${at(layout.server.shopScoped)}'
import { ${entity}Service } from './${folder}.class'
import { ${one}Hooks } from './${folder}.hooks'

export const ${name} = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.${name}
  registerShopPath(app, context.directory, path, new ${entity}Service(context, app), ['create'], ${one}Hooks.before)
  app.service(path).hooks({ after: ${one}Hooks.after })
}
`
  )
  plan.edit(layout.server.registry, (text) =>
    addElement(
      addImport(text, `import { ${name} } from './${folder}/${folder}'`),
      'services',
      `// Operation on ${target.key}: create only, in one transaction (decision 0125).\n  { path: servicePaths.${name}, register: ${name} }`
    )
  )
  const testFile = layout.server.testOf(folder)
  plan.create(
    testFile,
    `import { ${target.schema} } from '@emporia/shared'
import { ${entity}Service } from '${importPath(testFile, `${service}/${folder}.class`)}'
import { operationServiceContract } from '${importPath(testFile, layout.server.operationContract)}'

// What every operation does (create only, one transaction, its data checked); its own rules' tests go below.
await operationServiceContract('${path}', {
  target: { path: '${target.path}', table: '${target.table}', schema: ${target.schema} },
  data: (${field}) => ({ ${field} }),
  service: ${entity}Service
})
`
  )

  return [
    `${schemaFile}: the operation's own fields (references ref: '<service>').`,
    `${service}/${folder}.class.ts: the change in \`apply\` (every statement on trx) and its rules.`,
    `${testFile}: \`data\` with the new fields, then tests of its rules.`,
    `${layout.shared.permissions}: the ${key(path)} row, if it differs from the ${area} area.`,
    `The screen of ${target.key} that calls it (web), with its texts.`
  ]
}
