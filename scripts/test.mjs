// `npm test`: the one command that checks everything (ARCHITECTURE §3.12): typecheck, lint,
// build, unit and integration tests (PGlite, and PostgreSQL when reachable — required under CI),
// then the browser tests. Ends with a timing table (wall and CPU seconds per step) and one summary
// line of all test counts.
//
// Steps that do not depend on each other run side by side, as many at a time as there are cores
// (TEST_JOBS overrides): typecheck, lint, format and the small unit suites overlap the build; then
// the server's integration tests and the browser tests, which need the build, run side by side
// with their output streamed behind a tag.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const reports = mkdtempSync(path.join(tmpdir(), 'emporia-test-'))
const env = { ...process.env, ...(process.env.CI ? { REQUIRE_POSTGRES: '1' } : {}) }
const capacity = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism())
const totals = { passed: 0, failed: 0, skipped: 0 }
const failures = []
const timings = []
const started = Date.now()

// `times` (POSIX) prints the shell's and then its children's CPU time; written to fd 3, it gives
// each step's CPU seconds (user + system, all its processes that were waited for).
const cpuOf = (text) => {
  const line = text.trim().split('\n').at(-1) ?? ''
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0)
}

/**
 * Runs one step. Its output is streamed when it runs alone, streamed line by line behind its tag
 * when it is long and runs beside another (`tag`), else printed in one piece when it ends.
 */
const execute = (step, alone) =>
  new Promise((resolve) => {
    const began = Date.now()
    const buffered = !alone && !step.tag
    if (!buffered) console.log(`\n▶ ${step.title}`)
    const child = spawn('sh', ['-c', '"$@"; status=$?; times >&3; exit $status', 'sh', step.command, ...step.args], {
      cwd: step.cwd ?? root,
      env,
      stdio: ['ignore', alone ? 'inherit' : 'pipe', alone ? 'inherit' : 'pipe', 'pipe']
    })
    let output = ''
    let times = ''
    const partial = { stdout: '', stderr: '' }
    const collect = (stream) => (chunk) => {
      if (buffered) return void (output += chunk)
      const lines = (partial[stream] + chunk).split('\n')
      partial[stream] = lines.pop()
      for (const line of lines) process[stream].write(`[${step.tag}] ${line}\n`)
    }
    child.stdout?.on('data', collect('stdout'))
    child.stderr?.on('data', collect('stderr'))
    child.stdio[3].on('data', (chunk) => (times += chunk))
    child.on('close', (status) => {
      const wall = (Date.now() - began) / 1000
      const ok = status === 0
      if (buffered) process.stdout.write(`\n▶ ${step.title}\n${output}`)
      else
        for (const stream of ['stdout', 'stderr'])
          if (partial[stream]) process[stream].write(`[${step.tag}] ${partial[stream]}\n`)
      console.log(`${ok ? '✔' : '✘'} ${step.title} (${wall.toFixed(1)} s)`)
      timings.push({ title: step.title, wall, cpu: cpuOf(times), ok, from: (began - started) / 1000 })
      if (!ok) failures.push(step.title)
      resolve(ok)
    })
  })

const vitest = (title, workspace, options = {}) => {
  const report = path.join(reports, `${workspace.replace(/\W/g, '-')}.json`)
  return {
    title,
    ...options,
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    cwd: path.join(root, workspace),
    report
  }
}

const typechecks = ['apps/web', 'apps/server', 'e2e', 'bench', 'packages/shared', 'packages/theme', 'apps/mini']
  .filter((project) => existsSync(path.join(root, project, 'tsconfig.json')))
  .map((project) => ({ title: `typecheck ${project}`, command: 'npx', args: ['tsc', '-p', project] }))

// In order of start: the build first (the long steps wait for it), then the longest checks.
const steps = [
  { title: 'build', command: 'npm', args: ['run', 'build'] },
  ...typechecks.slice(0, 2),
  { title: 'lint', command: 'npx', args: ['eslint', '.'] },
  { title: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  { title: 'decisions index', command: 'node', args: ['scripts/decisions-index.mjs', '--check'] },
  // Import rules (.dependency-cruiser.cjs, decision 0124): no cycles, platform apart from business areas.
  { title: 'import rules', command: 'npm', args: ['run', 'lint:imports'] },
  ...typechecks.slice(2),
  vitest('shared: unit tests', 'packages/shared'),
  vitest('theme: unit tests', 'packages/theme'),
  vitest('web: unit tests', 'apps/web'),
  // The mini-program's rules, and its pages rendered from the compiled package in miniprogram-simulate
  // (decision 0207): they need the build's apps/mini/dist/weapp.
  vitest('mini: unit and weapp page tests', 'apps/mini', { needs: ['build'] }),
  // `npm run new:service` on a throw-away copy: both templates, then typecheck, lint and their tests
  // (scripts/scaffold/check.mjs, decision 0125). About one core for two minutes.
  { title: 'scaffold', command: 'node', args: ['scripts/scaffold/check.mjs'] },
  // Both need the build (the server tests start it as a process: kill -9 durability, scale-out).
  // They run side by side: the server tests keep about one core busy, the browser tests mostly
  // wait on Chromium and their servers (docs/decisions/0076-ci-time.md).
  vitest('server: integration tests', 'apps/server', { needs: ['build'], tag: 'server' }),
  vitest('browser tests (Chromium)', 'e2e', { needs: ['build'], tag: 'e2e' })
]

const done = new Map()
const waiting = [...steps]
let busy = 0
await new Promise((finish) => {
  const next = () => {
    for (const step of [...waiting]) {
      const needs = step.needs ?? []
      const failed = needs.filter((title) => done.get(title) === false)
      if (failed.length) {
        waiting.splice(waiting.indexOf(step), 1)
        failures.push(`${step.title} (not run: ${failed.join(', ')} failed)`)
        continue
      }
      if (!needs.every((title) => done.has(title))) continue
      const cores = step.cores ?? 1
      if (busy > 0 && busy + cores > capacity) break // keeps the order: a big step is not overtaken
      waiting.splice(waiting.indexOf(step), 1)
      busy += cores
      void execute(step, cores >= capacity).then((ok) => {
        busy -= cores
        done.set(step.title, ok)
        next()
      })
    }
    if (!waiting.length && busy === 0) finish()
  }
  next()
})

// CI keeps only the end of the output: the failed tests are named again here, with the first line of
// their error, so a failure on a busy shared machine can be found without the whole log.
const failedTests = []
const firstLine = (text) => (text ?? '').trim().split('\n')[0].slice(0, 300)
for (const step of steps.filter((step) => step.report && done.has(step.title))) {
  if (existsSync(step.report)) {
    const result = JSON.parse(readFileSync(step.report, 'utf8'))
    totals.passed += result.numPassedTests
    totals.failed += result.numFailedTests
    totals.skipped += result.numPendingTests + result.numTodoTests
    for (const file of result.testResults ?? []) {
      const where = path.relative(root, file.name)
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
      for (const test of failed) failedTests.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
      // A file that failed outside its tests (a hook, an import) has no failed test to name.
      if (file.status === 'failed' && !failed.length) failedTests.push(`${where}: ${firstLine(file.message)}`)
    }
  } else {
    totals.failed += 1
  }
}

const width = Math.max(...timings.map((timing) => timing.title.length), 5)
const row = (...cells) =>
  `${cells[0].padEnd(width)}  ${cells
    .slice(1)
    .map((cell) => cell.padStart(8))
    .join('  ')}`
console.log(`\nTimings (s; steps overlap, ${capacity} at a time):`)
console.log(row('step', 'start', 'wall', 'cpu'))
for (const timing of timings.sort((a, b) => a.from - b.from))
  console.log(
    row(`${timing.ok ? '' : '✘ '}${timing.title}`, timing.from.toFixed(1), timing.wall.toFixed(1), timing.cpu.toFixed(1))
  )
const cpu = timings.reduce((sum, timing) => sum + timing.cpu, 0)
console.log(row('total', '', ((Date.now() - started) / 1000).toFixed(1), cpu.toFixed(1)))

console.log('')
if (failedTests.length) console.log(`Failed tests:\n${failedTests.map((line) => `  ✘ ${line}`).join('\n')}\n`)
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`)
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failures.length || totals.failed ? 1 : 0)
