import { spawn } from 'node:child_process'
import path from 'node:path'
import { SRC_DIR } from './support/child'
import type { Outcome } from './support/report'

const ROWS = Number(process.env.BENCH_VIRTUAL_ROWS ?? 100_000)
const E2E_DIR = path.resolve(SRC_DIR, '../../e2e')
const LIMIT = 1000

type Log = (line: string) => void

/**
 * Virtual-table figure (docs/benchmarks.md): the virtual table over 100,000 rows in headless Chromium — the browser test
 * `e2e/specs/virtual-table.spec.ts` with VIRTUAL_ROWS set (it seeds, scrolls end to end one frame per
 * step and prints its frame times and the most row elements seen). Needs `npm run build` first.
 */
export const runVirtualTable = async (log: Log): Promise<Outcome> => {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('npx', ['vitest', 'run', 'specs/virtual-table.spec.ts'], {
      cwd: E2E_DIR,
      env: { ...process.env, VIRTUAL_ROWS: String(ROWS) },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`the browser run failed (${code}):\n${text.slice(-2000)}`))
    )
  })
  const seeded = /seeded (\d+) warehouses in (\d+) ms/.exec(output)
  const run =
    /virtual table over (\d+) rows: (\d+) frames of (\d+) px, median ([\d.]+) ms, p95 frame ([\d.]+) ms, max (\d+) row elements/.exec(
      output
    )
  if (!run) throw new Error(`no figures in the browser run's output:\n${output.slice(-2000)}`)
  const [, rows, frames, step, median, p95, maxRows] = run
  if (seeded) log(`  seeded ${seeded[1]} rows in ${seeded[2]} ms`)
  log(`  ${rows} rows: ${frames} frames of ${step} px, median ${median} ms, p95 ${p95} ms, max ${maxRows} row elements`)
  return {
    workload: 'virtual table (Chromium)',
    figures: [
      {
        name: `row elements in the DOM while scrolling ${rows} rows end to end (max)`,
        measured: maxRows,
        goal: `<= ${LIMIT}`,
        pass: Number(maxRows) <= LIMIT
      },
      { name: 'frame time while scrolling', measured: `median ${median} ms, p95 ${p95} ms (${frames} frames of ${step} px)` }
    ],
    raw: {
      rows: Number(rows),
      frames: Number(frames),
      step: Number(step),
      median: Number(median),
      p95: Number(p95),
      maxRows: Number(maxRows)
    }
  }
}
