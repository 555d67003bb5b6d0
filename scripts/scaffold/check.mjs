#!/usr/bin/env node
// The `scaffold` step of `npm test` (decision 0125): proves `npm run new:service` on a copy of the
// working tree (its files as they are, committed or not, so a local run tests local code), then
// throws the copy away. In the copy: arguments it must refuse are refused with nothing written; a
// record service with its screen and an operation on it are scaffolded; then the three workspaces
// typecheck, the changed files pass ESLint, Prettier and the import rules, and the generated contract
// tests and the web's screen-registry tests pass. `--keep` leaves the copy for a look.
import { spawn, execFileSync } from 'node:child_process'
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  existsSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const keep = process.argv.includes('--keep')
const copy = mkdtempSync(join(tmpdir(), 'emporia-scaffold-'))
const began = Date.now()
// Stopped (Ctrl-C, a CI timeout): the copy goes too.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    if (!keep) rmSync(copy, { recursive: true, force: true })
    process.exit(130)
  })

/** The record service (the issue's own command) and the operation on it that the step scaffolds. */
const RECORD = ['giftCards', '--route', 'gift-cards', '--area', 'orders', '--domain', 'orders']
const OPERATION = ['giftCardRedeem', '--kind', 'operation', '--on', 'giftCards', '--path', 'giftCards/redeem']
const OPERATION_MORE = ['--area', 'orders', '--domain', 'orders']
/** Arguments the scaffold must refuse before writing anything, each with what the refusal names. */
const REFUSED = [
  [['giftCards', '--route', 'gift-cards', '--group', 'nowhere', '--domain', 'orders'], '--group nowhere'],
  [['giftCards', '--route', 'gift-cards', '--group', 'eshop', '--order', '40', '--domain', 'eshop'], '--order 40'],
  [['giftCards', '--route', 'gift-cards', '--area', 'orders', '--domain', 'nowhere'], '--domain nowhere'],
  [['brands', '--route', 'more-brands', '--area', 'products', '--domain', 'catalogue'], 'servicePaths.brands'],
  [['giftCards', '--route', 'products', '--area', 'products', '--domain', 'catalogue'], '--route products'],
  [[...OPERATION.slice(0, 4), 'nothing', '--area', 'orders', '--domain', 'orders'], '--on nothing']
]

/** Runs a command in the copy; answers its status and output (printed when it fails). */
const run = (command, args, cwd = copy) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '0' } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (status) => resolve({ status, output }))
  })

let failed = false
const step = async (title, work) => {
  if (failed) return
  const started = Date.now()
  const problem = await work().catch((error) => error.stack ?? String(error))
  console.log(`${problem ? '✘' : '✔'} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  if (problem) {
    console.log(problem)
    failed = true
  }
}
const ok = async (command, args, cwd) => {
  const { status, output } = await run(command, args, cwd)
  return status === 0 ? undefined : `${command} ${args.join(' ')} exited ${status}:\n${output}`
}

/** The files of the tree the scaffold writes into, with size and change time: what it wrote is their difference. */
const snapshot = () => {
  const files = new Map()
  const walk = (dir) => {
    for (const entry of readdirSync(join(copy, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) {
        const stat = statSync(join(copy, path))
        files.set(path, `${stat.size}:${stat.mtimeMs}`)
      }
    }
  }
  for (const dir of ['packages', 'apps']) walk(dir)
  return files
}
const changedSince = (before) => [...snapshot()].filter(([path, stamp]) => before.get(path) !== stamp).map(([path]) => path)

/**
 * node_modules: a directory of links to the tree's own packages, except the workspaces' links
 * (`@emporia/*`, relative), copied as links so they point into the copy, and caches, left out so
 * the copy's tools write their own.
 */
const linkModules = (from, to) => {
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (['.vite', '.vitest', '.cache'].includes(entry.name)) continue
    const source = join(from, entry.name)
    if (entry.name === '@emporia') {
      mkdirSync(join(to, entry.name))
      for (const link of readdirSync(source)) symlinkSync(readlinkSync(join(source, link)), join(to, entry.name, link))
    } else symlinkSync(source, join(to, entry.name))
  }
}

try {
  await step(`copy the working tree to ${copy}`, async () => {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    for (const file of listed.toString().split('\0').filter(Boolean)) {
      if (!existsSync(join(root, file))) continue // deleted in the working tree, not yet committed
      mkdirSync(dirname(join(copy, file)), { recursive: true })
      copyFileSync(join(root, file), join(copy, file))
    }
    for (const workspace of ['.', 'apps/server', 'apps/web', 'packages/shared', 'packages/theme', 'e2e', 'bench'])
      if (existsSync(join(root, workspace, 'node_modules')))
        linkModules(join(root, workspace, 'node_modules'), join(copy, workspace, 'node_modules'))
  })

  await step(`refuses ${REFUSED.length} kinds of wrong arguments, writing nothing`, async () => {
    const before = snapshot()
    for (const [args, named] of REFUSED) {
      const { status, output } = await run('node', ['scripts/new-service.mjs', ...args])
      if (status !== 1 || !output.includes(named) || !output.includes('nothing was written'))
        return `new:service ${args.join(' ')}: expected exit 1 naming "${named}", got ${status}:\n${output}`
    }
    const changed = changedSince(before)
    return changed.length ? `refused runs changed files:\n${changed.join('\n')}` : undefined
  })

  const before = snapshot()
  await step(`new:service ${RECORD.join(' ')}`, () => ok('node', ['scripts/new-service.mjs', ...RECORD]))
  await step(`new:service ${[...OPERATION, ...OPERATION_MORE].join(' ')}`, () =>
    ok('node', ['scripts/new-service.mjs', ...OPERATION, ...OPERATION_MORE])
  )
  const changed = failed ? [] : changedSince(before)
  const tests = changed.filter((file) => file.startsWith('apps/server/test/'))

  for (const project of ['packages/shared', 'apps/server', 'apps/web'])
    await step(`typecheck ${project}`, () => ok('npx', ['tsc', '-p', project, '--noEmit']))
  await step(`lint the ${changed.length} changed files: eslint, prettier, import rules`, async () => {
    const code = changed.filter((file) => /\.tsx?$/.test(file) && !file.startsWith('apps/server/test/'))
    return (
      (await ok('npx', ['eslint', '--max-warnings=0', ...changed])) ??
      (await ok('npx', ['prettier', '--check', ...changed])) ??
      (existsSync(join(copy, '.dependency-cruiser.cjs'))
        ? await ok('npx', ['depcruise', '--config', '.dependency-cruiser.cjs', ...code])
        : undefined)
    )
  })
  await step(`server: ${tests.length} generated contract tests`, () =>
    tests.length === 2
      ? ok(
          'npx',
          ['vitest', 'run', '--maxWorkers=1', ...tests.map((file) => relative('apps/server', file))],
          join(copy, 'apps/server')
        )
      : Promise.resolve(`expected two generated tests, found: ${tests.join(', ')}`)
  )
  await step('web: the screen registry, its texts and routes', () =>
    ok(
      'npx',
      ['vitest', 'run', 'src/app/screens.test.ts', 'src/app/screen-messages.test.ts', 'src/app/router/route-paths.test.ts'],
      join(copy, 'apps/web')
    )
  )
} finally {
  if (keep) console.log(`The copy stays in ${copy}`)
  else rmSync(copy, { recursive: true, force: true })
}
console.log(`${failed ? '✘ the scaffold is broken' : '✔ the scaffold works'} (${((Date.now() - began) / 1000).toFixed(1)} s)`)
process.exit(failed ? 1 : 0)
