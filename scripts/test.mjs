// `npm test`: the one command that checks everything (ARCHITECTURE §3.12): typecheck, lint,
// build, unit and integration tests (PGlite, and PostgreSQL when reachable — required under CI),
// then the browser tests. Ends with one summary line of all test counts.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const reports = mkdtempSync(path.join(tmpdir(), 'emporia-test-'))
const env = { ...process.env, ...(process.env.CI ? { REQUIRE_POSTGRES: '1' } : {}) }
const totals = { passed: 0, failed: 0, skipped: 0 }
const failures = []

const run = (title, command, args, cwd = root) => {
  console.log(`\n▶ ${title}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env })
  console.log(`${result.status === 0 ? '✔' : '✘'} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  if (result.status !== 0) failures.push(title)
  return result.status === 0
}

const vitest = (title, workspace) => {
  const report = path.join(reports, `${workspace.replace(/\W/g, '-')}.json`)
  run(
    title,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    path.join(root, workspace)
  )
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'))
    totals.passed += result.numPassedTests
    totals.failed += result.numFailedTests
    totals.skipped += result.numPendingTests + result.numTodoTests
  } else {
    totals.failed += 1
  }
}

const projects = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench']
for (const project of projects)
  if (existsSync(path.join(root, project, 'tsconfig.json'))) run(`typecheck ${project}`, 'npx', ['tsc', '-p', project])
run('lint', 'npx', ['eslint', '.'])
run('format', 'npx', ['prettier', '--check', '.'])
const built = run('build', 'npm', ['run', 'build'])
vitest('shared: unit tests', 'packages/shared')
vitest('server: integration tests', 'apps/server')
vitest('web: unit tests', 'apps/web')
if (built) vitest('browser tests (Chromium)', 'e2e')
else failures.push('browser tests (not run: the build failed)')

console.log('')
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`)
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failures.length || totals.failed ? 1 : 0)
