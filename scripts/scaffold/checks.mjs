// The checks both templates make before anything is written: the name and path are free, the names
// the files declare are free, the domain exists. Each problem is one line naming the argument.
import { layout } from './layout.mjs'
import { namesOf } from './names.mjs'

export const checkCommon = (state, name, path, options) => {
  const problems = []
  if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) {
    problems.push(`${name}: name the service in camelCase, e.g. giftCards`)
    return problems
  }
  if (options.entity !== undefined && !/^[A-Z][a-zA-Z0-9]*$/.test(options.entity))
    problems.push(`--entity ${options.entity}: a type name in PascalCase, e.g. GiftCard`)
  const { entity, one, folder } = namesOf(name, options.entity)
  if (name in state.servicePaths) problems.push(`${name}: servicePaths.${name} exists already ('${state.servicePaths[name]}')`)
  const owner = Object.entries(state.servicePaths).find(([, value]) => value === path)
  if (owner) problems.push(`${path}: the path of servicePaths.${owner[0]} already`)
  else if (path in state.serviceRules) problems.push(`${path}: the permission table has a row for it already`)
  if (new RegExp(`\\b${name}\\b`).test(state.read(layout.server.registry)))
    problems.push(`${name}: the name is used in ${layout.server.registry} already`)
  for (const declared of [entity, `${entity}Data`, `${one}Schema`])
    if (state.sharedNames.has(declared)) problems.push(`${declared}: the shared package declares it already (choose --entity)`)
  if (state.serviceFolders.includes(folder)) problems.push(`${layout.server.services}/${folder} exists already`)
  if (options.domain === undefined) problems.push(`--domain: name the shared folder of its schema (${state.domains.join(', ')})`)
  else if (!state.domains.includes(options.domain))
    problems.push(`--domain ${options.domain}: not a domain of the shared package (${state.domains.join(', ')})`)
  return problems
}
