// The record template (decision 0074, 0075): a shop-scoped record service and its list screen. Checks
// every argument against the repository first, then plans its files and its lines in the registries.
import { importPath, layout } from './layout.mjs'
import { article, key, namesOf, upper, words } from './names.mjs'
import { addElement, addImport, addMember, addProperty, appendLine, replaceElement, takeProperty } from './source-edit.mjs'
import { checkCommon } from './checks.mjs'

/** The drawer orders taken in `group` (the top level when undefined), but for the screen at `except`. */
const ordersIn = (state, group, except) => {
  const taken = new Map()
  for (const screen of state.screens)
    if (screen.drawer && screen.route !== except && screen.drawer.group === group) taken.set(screen.drawer.order, screen.route)
  if (!group) for (const [name, entry] of Object.entries(state.drawerGroups)) taken.set(entry.order, `the ${name} group`)
  return taken
}

/** Checks the arguments; answers the problems and the settled options (defaults filled in). */
export const checkRecord = (state, name, options) => {
  const problems = checkCommon(state, name, name, options)
  const { one, folder } = namesOf(name, options.entity)
  if (state.featureFolders.includes(folder)) problems.push(`${layout.web.features}/${folder} exists already`)
  if (options.on !== undefined) problems.push('--on: only an operation (--kind operation) acts on another record')
  const messageFiles = [
    layout.web.appMessages('en'),
    ...state.featureFolders.map((f) => `${layout.web.features}/${f}/${f}.messages.ts`)
  ]
  const texts = messageFiles.filter((file) => state.exists(file)).map((file) => [file, state.read(file)])
  for (const text of [`${one}.one`, `empty.${name}`, `empty.${name}Add`]) {
    const owner = texts.find(([, source]) => source.includes(`'${text}':`))
    if (owner) problems.push(`${text}: the text key is in ${owner[0]} already (choose --entity or another name)`)
  }
  const route = options.route ?? folder
  if (!/^[a-z][a-zA-Z0-9-]*(\/[a-z][a-zA-Z0-9-]*)*$/.test(route))
    problems.push(`--route ${route}: a path of lower-case words, e.g. gift-cards or eshop/banners`)
  const existing = state.screens.find((screen) => screen.route === route && screen.kind !== 'tab')
  if (existing && existing.kind !== 'planned')
    problems.push(`--route ${route}: the screen of ${existing.service ?? route} has it`)
  const planned = existing?.kind === 'planned' ? existing : undefined
  const group = options.group ?? planned?.drawer?.group
  if (group !== undefined && !(group in state.drawerGroups))
    problems.push(`--group ${group}: not a drawer group (${Object.keys(state.drawerGroups).join(', ')})`)
  const area = options.area ?? state.drawerGroups[group]?.area
  if (area === undefined) problems.push(`--area: name the permission area (${state.areas.join(', ')})`)
  else if (!state.areas.includes(area)) problems.push(`--area ${area}: not a permission area (${state.areas.join(', ')})`)
  const icon = group ? undefined : (options.icon ?? (state.icons.includes(area) ? area : 'dot'))
  if (options.icon && group) problems.push('--icon: only a top-level entry has an icon (its group has one)')
  else if (icon && !state.icons.includes(icon)) problems.push(`--icon ${icon}: not a menu icon (${state.icons.join(', ')})`)
  const taken = ordersIn(state, group, route)
  let order = options.order === undefined ? planned?.drawer?.order : Number(options.order)
  if (options.order !== undefined && !(Number.isInteger(order) && order > 0))
    problems.push(`--order ${options.order}: a whole number above 0`)
  else if (order !== undefined && taken.has(order))
    problems.push(
      `--order ${order}: ${taken.get(order)} has it in ${group ? `the ${group} group` : 'the top level'} (taken: ${[...taken.keys()].sort((a, b) => a - b).join(', ')})`
    )
  // The next free place after the group's last entry, in the steps of ten the registry uses.
  if (order === undefined) order = Math.floor(Math.max(0, ...taken.keys()) / 10) * 10 + 10
  return { problems, settled: { ...options, route, group, area, icon, order, planned } }
}

/** Plans the files and registry lines of a record service `name` with its screen (options settled by checkRecord). */
export const planRecord = (state, plan, name, options) => {
  const { entity, one, folder, file } = namesOf(name, options.entity)
  const { route, group, area, icon, order, domain } = options
  const path = name
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)

  // ── shared ──────────────────────────────────────────────────────────────────────────────────────
  const schemaFile = `${layout.shared.root}/${domain}/${file}.schema.ts`
  plan.create(
    schemaFile,
    `import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '${importPath(schemaFile, layout.shared.ids)}'
import { storedTextSchema } from '${importPath(schemaFile, layout.shared.storedText)}'

/** ${upper(words(entity))} (spec §?): the record of the \`${path}\` service. Add its fields here. */
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
  plan.edit(layout.shared.index, (text) =>
    appendLine(text, `export * from '${importPath(layout.shared.index, schemaFile.replace(/\.ts$/, ''))}'`)
  )
  plan.edit(layout.shared.servicePaths, (text) => addProperty(text, 'servicePaths', `${name}: '${path}'`))
  plan.edit(layout.shared.permissions, (text) =>
    addProperty(text, 'serviceRules', `${key(path)}: { read: areas.${area}, write: areas.${area} }`)
  )
  plan.edit(layout.shared.serviceMap, (text) =>
    addMember(
      addImport(
        text,
        `import type { ${entity}, ${entity}Data, ${entity}Patch } from '${importPath(layout.shared.serviceMap, schemaFile.replace(/\.ts$/, ''))}'`
      ),
      'ServiceMap',
      `[servicePaths.${name}]: ServiceShape<${entity}, ${entity}Data, ${entity}Patch>`
    )
  )

  // ── server ──────────────────────────────────────────────────────────────────────────────────────
  const migration = `${stamp}-${folder}`
  const migrationFile = `${layout.server.migrations}/${migration}.ts`
  plan.create(
    migrationFile,
    `import type { Knex } from 'knex'
import { ${one}Schema } from '@emporia/shared'
import { createShopTable, dropShopTable } from '${importPath(migrationFile, layout.server.schemaTable)}'

/** ${upper(words(entity))} records (\`${path}\`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, '${path}', ${one}Schema)

export const down = (knex: Knex) => dropShopTable(knex, '${path}')
`
  )
  const migrationIndex = `${layout.server.migrations}/index.ts`
  plan.edit(migrationIndex, (text) =>
    addProperty(addImport(text, `import * as ${name}Table from './${migration}'`), 'migrations', `'${migration}': ${name}Table`)
  )
  const service = `${layout.server.services}/${folder}`
  plan.create(
    `${service}/${folder}.schema.ts`,
    `import { ${one}Schema } from '@emporia/shared'
import { modelFromSchema } from '${importPath(`${service}/x`, layout.server.model)}'

export const ${one}Model = modelFromSchema('${path}', ${one}Schema)
`
  )
  plan.create(
    `${service}/${folder}.class.ts`,
    `import type { ${entity} } from '@emporia/shared'
import { RecordService } from '${importPath(`${service}/x`, layout.server.recordService)}'

/** ${upper(words(name))}: no rules beyond the schema and the shop yet. */
export class ${entity}Service extends RecordService<${entity}> {}
`
  )
  plan.create(
    `${service}/${folder}.ts`,
    `import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '${importPath(`${service}/x`, layout.server.serviceContext)}'
import { registerShopScoped } from '${importPath(`${service}/x`, layout.server.shopScoped)}'
import { ${entity}Service } from './${folder}.class'
import { ${one}Model } from './${folder}.schema'

export const ${name} = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.${name},
    new ${entity}Service({ ...context.records, model: ${one}Model, multi: ['create'] })
  )
`
  )
  plan.edit(layout.server.registry, (text) =>
    addElement(
      addImport(text, `import { ${name} } from './${folder}/${folder}'`),
      'services',
      `{ path: servicePaths.${name}, register: ${name} }`
    )
  )
  const testFile = layout.server.testOf(folder)
  plan.create(
    testFile,
    `import { ${one}Schema } from '@emporia/shared'
import { recordServiceContract } from '${importPath(testFile, layout.server.recordContract)}'

// What every shop-scoped record service does; tests of ${name}' own rules go below.
await recordServiceContract('${path}', ${one}Schema)
`
  )

  // ── web ─────────────────────────────────────────────────────────────────────────────────────────
  const feature = `${layout.web.features}/${folder}`
  const from = `${feature}/x`
  const drawer = group ? `{ group: '${group}', order: ${order} }` : `{ order: ${order}, icon: '${icon}' }`
  plan.create(
    `${feature}/${folder}.screen.ts`,
    `import { defineScreen } from '${importPath(from, layout.web.screen)}'

/** ${upper(words(name))} (spec §?): a list, edited in a dialog or on its edit route. */
export const ${name}Screen = defineScreen({
  route: '${route}',
  kind: 'list',
  edit: true,
  service: '${path}',
  area: '${area}',
  drawer: ${drawer}
})
`
  )
  plan.create(
    `${feature}/${folder}-resource.ts`,
    `import { ${one}Schema } from '@emporia/shared'
import { defineResource } from '${importPath(from, layout.web.resource)}'
import { translatablePaths } from '${importPath(from, layout.web.searchQuery)}'
import { ${name}Screen } from './${folder}.screen'

/** ${upper(words(name))} (spec §?): their columns, fields and search. */
export const ${name}Resource = defineResource({
  screen: ${name}Screen,
  schema: ${one}Schema,
  name: '${one}.one',
  urlKey: '${name}',
  empty: { text: 'empty.${name}', action: 'empty.${name}Add' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
`
  )
  // A planned screen's titles are in the app's message files already: they move into the screen's own.
  const titleKeys = [`route.${route}`, `route.${route}/edit`]
  const titles = {}
  for (const lang of layout.web.languages) {
    titles[lang] = {}
    plan.edit(layout.web.appMessages(lang), (text) => {
      for (const title of titleKeys) {
        const taken = takeProperty(text, lang, title)
        if (!taken) continue
        titles[lang][title] = taken.value
        text = taken.text
      }
      return text
    })
  }
  const english = {
    [titleKeys[0]]: `'${upper(words(name))}'`,
    [titleKeys[1]]: `'Edit ${words(entity)}'`,
    [`${one}.one`]: `'${upper(words(entity))}'`,
    [`empty.${name}`]: `'No ${words(name)} yet.'`,
    [`empty.${name}Add`]: `'Add ${article(words(entity))}'`
  }
  const texts = (lang) =>
    `{\n${Object.entries(english)
      .map(([title, text]) => `    '${title}': ${titles[lang][title] ?? titles.en[title] ?? text}`)
      .join(',\n')}\n  }`
  plan.create(
    `${feature}/${folder}.messages.ts`,
    `import { defineMessages } from '${importPath(from, layout.web.screenMessages)}'

// TRANSLATE: texts still in English in cht and chs are the scaffold's until translated.
/** ${upper(words(name))}: the screen's own texts in every language (decision 0075). */
export const ${name}Messages = defineMessages({
  en: ${texts('en')},
  cht: ${texts('cht')},
  chs: ${texts('chs')}
})

declare module '${importPath(from, layout.web.screenMessages)}' {
  interface ScreenMessageKeys {
    ${name}: keyof typeof ${name}Messages.en
  }
}
`
  )
  plan.edit(layout.web.registry, (text) => {
    const imported = addImport(
      text,
      `import { ${name}Screen } from '${importPath(layout.web.registry, `${feature}/${folder}.screen`)}'`
    )
    const replaced = options.planned
      ? replaceElement(imported, 'screens', (element) => new RegExp(`^planned\\(\\s*'${route}'`).test(element), `${name}Screen`)
      : undefined
    return replaced ?? addElement(imported, 'screens', `${name}Screen`)
  })

  return [
    `${schemaFile}: the fields (mark server-owned ones readOnly, references ref: '<service>').`,
    `${feature}/${folder}-resource.ts: columns, fields and search.`,
    `${feature}/${folder}.messages.ts: the texts in English, Traditional and Simplified Chinese (TRANSLATE).`,
    `${layout.shared.permissions}: the ${key(path)} row, if reading or writing differs from the ${area} area.`,
    `${service}/${folder}.class.ts: rules of its own (extend CheckedRecordService with a \`check\`), tested in ${testFile}.`
  ]
}
