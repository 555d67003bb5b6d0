// What the repository holds today, read before anything is written: the service paths, permission
// areas and rows (shared), the screens and drawer groups (web), the domains and the service folders.
// The registries are TypeScript data modules: esbuild (the server's own bundler) turns them into one
// module that Node imports, so the scaffold checks against the values the app itself uses.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { layout } from './layout.mjs'
import { ScaffoldError, unionMembers } from './source-edit.mjs'

/** Bundles `entry` (source text importing root-relative paths), dependencies included, and imports it. */
const evaluate = async (root, entry) => {
  const { build } = createRequire(join(root, 'apps/server/package.json'))('esbuild')
  const bundle = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent'
  })
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`)
}

export const readState = async (root) => {
  const read = (file) => readFileSync(join(root, file), 'utf8')
  const shared = await evaluate(
    root,
    `export { servicePaths } from './${layout.shared.servicePaths}'
     export { areas, serviceRules } from './${layout.shared.permissions}'`
  )
  const web = await evaluate(root, `export { screens, drawerGroups } from './${layout.web.registry}'`)
  const domains = readdirSync(join(root, layout.shared.root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !layout.shared.notDomains.includes(entry.name))
    .map((entry) => entry.name)
  const screenTypes = read(layout.web.screenTypes)
  return {
    servicePaths: shared.servicePaths,
    areas: Object.keys(shared.areas),
    serviceRules: shared.serviceRules,
    screens: web.screens,
    drawerGroups: web.drawerGroups,
    icons: unionMembers(screenTypes, 'MenuIcon'),
    domains,
    serviceFolders: readdirSync(join(root, layout.server.services)),
    featureFolders: readdirSync(join(root, layout.web.features)),
    /** Every type and value name the shared package declares, to refuse a name already taken. */
    sharedNames: sharedNames(root),
    read,
    exists: (file) => existsSync(join(root, file))
  }
}

const sharedNames = (root) => {
  const names = new Set()
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.ts'))
        for (const [, name] of readFileSync(full, 'utf8').matchAll(/export (?:const|type|interface|class|function) (\w+)/g))
          names.add(name)
    }
  }
  walk(join(root, layout.shared.root))
  return names
}

/**
 * The record service `key` (a servicePaths key) an operation acts on: its path, table, shared schema
 * and record type, from its model (`services/<folder>/<folder>.schema.ts`) and its service-map entry.
 */
export const recordServiceOf = (state, key, folderOf) => {
  const path = state.servicePaths[key]
  if (!path) throw new ScaffoldError(`--on ${key}: no such service (a key of servicePaths, e.g. shopUsers)`)
  const folder = folderOf(key)
  const modelFile = `${layout.server.services}/${folder}/${folder}.schema.ts`
  const model = state.exists(modelFile) && state.read(modelFile).match(/modelFromSchema\(\s*'(\w+)',\s*(\w+Schema)\s*\)/)
  if (!model)
    throw new ScaffoldError(`--on ${key}: not a record service with a model from a shared schema (${modelFile}: modelFromSchema)`)
  const entry = state.read(layout.shared.serviceMap).match(new RegExp(`\\[servicePaths\\.${key}\\]:\\s*ServiceShape<\\s*(\\w+)`))
  if (!entry) throw new ScaffoldError(`--on ${key}: no ServiceShape<Record, …> entry in ${layout.shared.serviceMap}`)
  return { key, path, folder, table: model[1], schema: model[2], record: entry[1] }
}
