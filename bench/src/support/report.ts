import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SRC_DIR } from './child'

/** One line of the summary: a measured figure, its goal (if the issue sets one) and the verdict. */
export interface Figure {
  name: string
  measured: string
  goal?: string
  /** Undefined for figures that are context, not goals. */
  pass?: boolean
}

export interface Outcome {
  workload: string
  figures: Figure[]
  raw: Record<string, unknown>
  /** A server answered with errors, timeouts or non-2xx, or lost events: the run itself failed. */
  erroring?: boolean
}

export const RESULTS_DIR = path.resolve(SRC_DIR, '../results')

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length))

export const formatTable = (outcomes: Outcome[]): string => {
  const rows = outcomes.flatMap((o) =>
    o.figures.map((f) => [o.workload, f.name, f.measured, f.goal ?? '', f.pass === undefined ? 'info' : f.pass ? 'PASS' : 'FAIL'])
  )
  const header = ['workload', 'figure', 'measured', 'goal', 'result']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i])).join(' | ')} |`
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
}

export const writeResults = (name: string, data: unknown): string => {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const file = path.join(RESULTS_DIR, `${name}.json`)
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)
  return file
}

export const fixed = (n: number, digits = 2) => n.toFixed(digits)
