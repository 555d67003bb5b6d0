#!/usr/bin/env node
// Scaffolds a shop-scoped record service with its list screen (decision 0074, CONTRIBUTING "Adding a
// service"): the shared schema and its entries (index, path, permission row, service map), the migration
// made from the schema, the server folder and its registry line, the web screen, declaration and texts
// with the registry line, and a contract test. What is left by hand: the fields (schema, declaration,
// texts in three languages) and any rule of the service's own.
//
//   npm run new:service -- banners --route eshop/banners --group eshop --area eshop --domain eshop
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { execFileSync } from 'node:child_process'
import { parseArgs } from 'node:util'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    route: { type: 'string' },
    group: { type: 'string' },
    order: { type: 'string', default: '100' },
    area: { type: 'string' },
    domain: { type: 'string' },
    entity: { type: 'string' },
    'dry-run': { type: 'boolean', default: false }
  }
})

const fail = (message) => {
  console.error(`new:service: ${message}`)
  process.exit(2)
}
const path = positionals[0]
if (!path || !/^[a-z][a-zA-Z]*$/.test(path))
  fail('name the service path in camelCase, e.g. `npm run new:service -- banners --route eshop/banners`')

const kebab = (text) => text.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
const upper = (text) => text[0].toUpperCase() + text.slice(1)
const singular = (text) => (text.endsWith('ies') ? `${text.slice(0, -3)}y` : text.replace(/s$/, ''))

const entity = values.entity ?? upper(singular(path)) // Banner
const one = entity[0].toLowerCase() + entity.slice(1) // banner
const folder = kebab(path) // banners
const domain = values.domain ?? 'catalogue'
const route = values.route ?? folder
const area = values.area ?? values.group ?? 'products'
const drawer = values.group
  ? `{ group: '${values.group}', order: ${Number(values.order)} }`
  : `{ order: ${Number(values.order)}, icon: 'products' }`
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)

/** Every file written and every file edited, relative to the root, for the report. */
const written = []
const edited = []

const create = (file, text) => {
  const full = join(root, file)
  if (existsSync(full)) fail(`${file} exists already: nothing was written`)
  written.push([full, text])
}
const edit = (file, change) => {
  const full = join(root, file)
  const before = readFileSync(full, 'utf8')
  const after = change(before)
  if (after === before) fail(`${file}: could not find where ${path} goes`)
  edited.push([full, after])
}
/** Inserts `line` before the line matching `anchor` (the end of a list). */
const before = (anchor, line) => (text) => {
  const at = text.search(anchor)
  if (at < 0) return text
  return text.slice(0, at) + line + text.slice(at)
}
/** Inserts `line` after the last line starting with `prefix`. */
const afterLast = (prefix, line) => (text) => {
  const lines = text.split('\n')
  const at = lines.findLastIndex((l) => l.startsWith(prefix))
  if (at < 0) return text
  lines.splice(at + 1, 0, line)
  return lines.join('\n')
}

// ── shared ──────────────────────────────────────────────────────────────────────────────────────────
const schemaFile = `packages/shared/src/${domain}/${kebab(one)}.schema.ts`
create(
  schemaFile,
  `import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

/** ${entity} (spec §?): the record of the \`${path}\` service. Add its fields here. */
export const ${one}Schema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: '${entity}', additionalProperties: false }
)
export type ${entity} = Static<typeof ${one}Schema>
export type ${entity}Data = Omit<${entity}, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type ${entity}Patch = Partial<${entity}Data>
`
)
edit('packages/shared/src/index.ts', (text) => `${text.trimEnd()}\nexport * from './${domain}/${kebab(one)}.schema'\n`)
edit('packages/shared/src/platform/service-paths.ts', before(/\n} as const/, `,\n  ${path}: '${path}'`))
edit(
  'packages/shared/src/tenancy/permissions.ts',
  before(/\n}\n\nexport interface ShopCaller/, `,\n  ${path}: { read: { roles: ['pos', 'subshop'] }, write: areas.${area} }`)
)
edit('packages/shared/src/platform/service-map.ts', (text) =>
  before(
    /\n}\n\nexport type ServiceRecord/,
    `\n  [servicePaths.${path}]: ServiceShape<${entity}, ${entity}Data, ${entity}Patch>`
  )(
    afterLast(
      'import type',
      `import type { ${entity}, ${entity}Data, ${entity}Patch } from '../${domain}/${kebab(one)}.schema'`
    )(text)
  )
)

// ── server ──────────────────────────────────────────────────────────────────────────────────────────
const migrationName = `${stamp}-${folder}`
create(
  `apps/server/src/db/migrations/${migrationName}.ts`,
  `import type { Knex } from 'knex'
import { ${one}Schema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** ${entity} records (\`${path}\`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, '${path}', ${one}Schema)

export const down = (knex: Knex) => dropShopTable(knex, '${path}')
`
)
const migrationVar = `${path}Table`
edit('apps/server/src/db/migrations/index.ts', (text) =>
  before(
    /\n}\s*$/,
    `,\n  '${migrationName}': ${migrationVar}`
  )(afterLast('import * as', `import * as ${migrationVar} from './${migrationName}'`)(text))
)
const service = `apps/server/src/services/${folder}`
create(
  `${service}/${folder}.schema.ts`,
  `import { ${one}Schema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const ${one}Model = modelFromSchema('${path}', ${one}Schema)
`
)
create(
  `${service}/${folder}.class.ts`,
  `import type { ${entity} } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** ${entity} records: no rules beyond the schema and the shop yet. */
export class ${entity}Service extends RecordService<${entity}> {}
`
)
create(
  `${service}/${folder}.ts`,
  `import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/service-context'
import { registerShopScoped } from '../../records/shop-scoped'
import { ${entity}Service } from './${folder}.class'
import { ${one}Model } from './${folder}.schema'

export const ${path} = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.${path},
    new ${entity}Service({ ...context.records, model: ${one}Model, multi: ['create'] })
  )
`
)
edit('apps/server/src/services/index.ts', (text) =>
  before(
    /\n {2}\/\/ attachments and attachments\/token\./,
    `\n  { path: servicePaths.${path}, register: ${path} },`
  )(afterLast('import {', `import { ${path} } from './${folder}/${folder}'`)(text))
)
create(
  `apps/server/test/services/${folder}.test.ts`,
  `import { ${one}Schema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of ${path}'s own rules go below.
await recordServiceContract('${path}', ${one}Schema)
`
)

// ── web ─────────────────────────────────────────────────────────────────────────────────────────────
const feature = `apps/web/src/features/${folder}`
create(
  `${feature}/${folder}.screen.ts`,
  `import { defineScreen } from '../../lib/screens/screen'

/** ${entity} records (spec §?): a list, edited in a dialog or on its edit route. */
export const ${path}Screen = defineScreen({
  route: '${route}',
  kind: 'list',
  edit: true,
  service: '${path}',
  drawer: ${drawer}
})
`
)
create(
  `${feature}/${folder}-resource.ts`,
  `import { ${one}Schema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { ${path}Screen } from './${folder}.screen'

/** ${entity} records (spec §?): their columns, fields and search. */
export const ${path}Resource = defineResource({
  screen: ${path}Screen,
  schema: ${one}Schema,
  name: '${one}.one',
  urlKey: '${path}',
  empty: { text: 'empty.${path}', action: 'empty.${path}Add' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
`
)
// A planned screen's titles are already in the app's message files: they move into the screen's own.
const languages = ['en', 'cht', 'chs']
const titles = Object.fromEntries(languages.map((lang) => [lang, {}]))
for (const lang of languages) {
  const file = `apps/web/src/lib/i18n/resources/${lang}.ts`
  const text = readFileSync(join(root, file), 'utf8')
  const line = (key) => new RegExp(`\\n  '${key.replace(/\//g, '\\/')}': ('(?:[^'\\\\]|\\\\.)*'),?`)
  let changed = text
  for (const key of [`route.${route}`, `route.${route}/edit`]) {
    const found = changed.match(line(key))
    if (!found) continue
    titles[lang][key] = found[1]
    changed = changed.replace(line(key), '')
  }
  if (changed !== text) edit(file, () => changed)
}
const texts = (lang) => `{
    'route.${route}': ${titles[lang][`route.${route}`] ?? `'${upper(path)}'`},
    'route.${route}/edit': ${titles[lang][`route.${route}/edit`] ?? `'Edit ${entity}'`},
    '${one}.one': '${entity}',
    'empty.${path}': 'No ${path} yet.',
    'empty.${path}Add': 'Add ${entity}'
  }`
create(
  `${feature}/${folder}.messages.ts`,
  `import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** ${upper(path)}: the screen's own texts in every language (decision 0075). */
export const ${path}Messages = defineMessages({
  en: ${texts('en')},
  cht: ${texts('cht')},
  chs: ${texts('chs')}
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    ${path}: keyof typeof ${path}Messages.en
  }
}
`
)
edit('apps/web/src/app/screens.ts', (text) => {
  const withImport = afterLast('import {', `import { ${path}Screen } from '../features/${folder}/${folder}.screen'`)(text)
  const planned = new RegExp(`\\n  planned\\('${route.replace(/\//g, '\\/')}'[^\\n]*\\n`)
  return planned.test(withImport)
    ? withImport.replace(planned, `\n  ${path}Screen,\n`)
    : before(/\n]\s*\n/, `,\n  ${path}Screen`)(withImport)
})

// ── write ───────────────────────────────────────────────────────────────────────────────────────────
const relative = (full) => full.slice(root.length + 1)
if (values['dry-run']) {
  for (const [full] of written) console.log(`would write ${relative(full)}`)
  for (const [full] of edited) console.log(`would edit  ${relative(full)}`)
  process.exit(0)
}
for (const [full, text] of [...written, ...edited]) {
  mkdirSync(dirname(full), { recursive: true })
  writeFileSync(full, text)
}
// The templates are near Prettier's style; the inserted lines may not be.
execFileSync('npx', ['prettier', '--log-level', 'warn', '--write', ...[...written, ...edited].map(([full]) => full)], {
  cwd: root,
  stdio: 'inherit'
})
console.log(`Wrote ${written.length} files and added ${path} to ${edited.length}:`)
for (const [full] of written) console.log(`  + ${relative(full)}`)
for (const [full] of edited) console.log(`  ~ ${relative(full)}`)
console.log(`
Next, by hand:
  1. ${schemaFile}: the fields (mark server-owned ones readOnly, references ref: '<service>').
  2. ${feature}/${folder}-resource.ts: columns, fields and search.
  3. ${feature}/${folder}.messages.ts: the texts in English, Traditional and Simplified Chinese.
  4. The permission row in packages/shared/src/tenancy/permissions.ts if read or write differ.
  5. Rules of its own in ${service}/${folder}.class.ts (extend CheckedRecordService with a \`check\`, run on
     every record as written), with tests in apps/server/test/services/${folder}.test.ts.
Then npm test: the tenancy matrix and the row-security coverage test pick the service up by themselves.`)
