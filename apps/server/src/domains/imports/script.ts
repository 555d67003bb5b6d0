import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { BadRequest } from '@feathersjs/errors'
import {
  RELEASE_SYNC,
  newQuickJSWASMModule,
  newVariant,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime
} from 'quickjs-emscripten'
import { MAX_COLUMNS, type SheetRow } from './sheet-reader'
import type { ImportMapping } from '@emporia/shared'
import type { RowProblem } from './values'

/**
 * importWithScript (decision 0171): a template's script turns each sheet row into the record's fields.
 * It runs in QuickJS compiled to WebAssembly: the sandbox has no file, network, process or host object
 * to reach (only the language itself), a time limit per row and a memory limit.
 */

/** Time one row may take; the interrupt handler stops the script when it is over. */
export const SCRIPT_ROW_MS = 50
/** Memory the script's heap may take, and its stack (small: the WebAssembly stack lives inside Node's). */
export const SCRIPT_MEMORY = 16 * 1024 * 1024
/**
 * The hard wall: each script gets a WebAssembly instance of its own whose memory cannot grow past this.
 * QuickJS's own limit (SCRIPT_MEMORY) is checked per allocation in the WebAssembly build, not in total
 * (many 1 MB arrays passed it), so the module's memory is the limit that holds.
 */
const WASM_PAGES = { initial: 256, maximum: 512 }
const SCRIPT_STACK = 64 * 1024
const MAX_TITLE = 200

/** The script's outcome for one row: its fields (title → value), null (the row is left out), or its problem. */
export interface ScriptRow {
  row: number
  output: Record<string, string | number | boolean | null> | null
  problem?: RowProblem
}

// The wrapper keeps JSON's own functions before the script runs: a script that replaces them changes nothing here.
const wrap = (script: string) =>
  `(function (parse, stringify, Promise) { return function (input, rowNumber, cells) { const row = parse(input); const result = (function (row, rowNumber, cells) {\n${script}\n})(row, rowNumber, parse(cells)); if (result instanceof Promise) throw new TypeError('The script must return its fields, not a promise'); return result === undefined ? 'null' : stringify(result) } })(JSON.parse, JSON.stringify, Promise)`

const problemOf = (key: string, message: string): RowProblem => ({ key, field: 'script', message, values: { message } })

interface Dumped {
  name?: string
  message?: string
  lineNumber?: number
}

/** A script that does not compile: 400 naming the field `script`, with the line (the script's own numbering). */
export class ScriptSyntaxError extends BadRequest {
  constructor(message: string, line?: number) {
    const text = line ? `Line ${line}: ${message}` : message
    super(text, { key: 'import.scriptSyntax', field: 'script', values: { message: text } })
  }
}

/** Compiling the script (at most 20,000 characters) may take longer than a row: it gets a second. */
const COMPILE_MS = 1000

// The server's TypeScript libraries name WebAssembly's types only; Node has the values.
const wasm = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (pages: typeof WASM_PAGES) => never; compile: (bytes: Buffer) => Promise<never> }
  }
).WebAssembly
// QuickJS's WebAssembly is compiled once per process; each sandbox is a new instance of it (its own memory).
let compiledWasm: Promise<never> | undefined
const quickjsWasm = () =>
  (compiledWasm ??= readFile(
    createRequire(createRequire(import.meta.url).resolve('quickjs-emscripten')).resolve(
      '@jitl/quickjs-wasmfile-release-sync/wasm'
    )
  ).then((bytes) => wasm.compile(bytes)))
const sandbox = async () =>
  newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmModule: await quickjsWasm(), wasmMemory: new wasm.Memory(WASM_PAGES) }))

/** One import's compiled script: `run` it per row, then `dispose` it (the sandbox's memory is freed). */
export class ImportScript {
  private runtime!: QuickJSRuntime
  private context!: QuickJSContext
  private fn!: QuickJSHandle

  private constructor(private readonly script: string) {}

  /** Compiles the script in a new sandbox; throws ScriptSyntaxError when it does not compile. */
  static async compile(script: string) {
    const compiled = new ImportScript(script)
    await compiled.start()
    return compiled
  }

  private async start() {
    this.runtime = (await sandbox()).newRuntime()
    this.runtime.setMemoryLimit(SCRIPT_MEMORY)
    this.runtime.setMaxStackSize(SCRIPT_STACK)
    this.context = this.runtime.newContext()
    this.runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + COMPILE_MS))
    const compiled = this.context.evalCode(wrap(this.script), 'script.js')
    if (compiled.error) {
      const error = this.context.dump(compiled.error) as Dumped
      compiled.error.dispose()
      this.dispose()
      if (error?.message === 'interrupted') throw new ScriptSyntaxError(`The script took longer than ${COMPILE_MS} ms to compile`)
      // The wrapper's first line is not the script's: its line 1 is the wrapper's line 2.
      throw new ScriptSyntaxError(
        String(error?.message ?? error),
        error?.lineNumber ? Math.max(1, error.lineNumber - 1) : undefined
      )
    }
    this.fn = compiled.value
  }

  /** The fields the script makes of one row (title → cell text), or null to leave the row out. */
  async run(row: Record<string, string>, rowNumber: number, cells: string[]): Promise<ScriptRow> {
    const started = Date.now()
    this.runtime.setInterruptHandler(shouldInterruptAfterDeadline(started + SCRIPT_ROW_MS))
    const vm = this.context
    const args = [vm.newString(JSON.stringify(row)), vm.newNumber(rowNumber), vm.newString(JSON.stringify(cells))]
    const result = vm.callFunction(this.fn, vm.undefined, ...args)
    for (const arg of args) arg.dispose()
    if (result.error) {
      const error = vm.dump(result.error) as Dumped
      result.error.dispose()
      const message = String(error?.message ?? error)
      const timedOut = message === 'interrupted'
      // After an interrupt or running out of memory the sandbox starts over: its heap may be half-built.
      if (timedOut || message === 'out of memory') await this.restart()
      return {
        row: rowNumber,
        output: null,
        problem: timedOut
          ? problemOf('import.scriptTimeout', `The script took longer than ${SCRIPT_ROW_MS} ms on this row`)
          : problemOf('import.scriptError', `${error?.name ? `${error.name}: ` : ''}${message}`)
      }
    }
    const text = vm.dump(result.value) as unknown
    result.value.dispose()
    try {
      return { row: rowNumber, output: checkedOutput(JSON.parse(String(text))) }
    } catch (error) {
      return { row: rowNumber, output: null, problem: problemOf('import.scriptError', (error as Error).message) }
    }
  }

  private async restart() {
    this.dispose()
    await this.start()
  }

  dispose() {
    this.fn?.dispose()
    this.context?.dispose()
    this.runtime?.dispose()
    this.fn = undefined as unknown as QuickJSHandle
  }
}

/** The script's result must be null or a flat object of titles → text, numbers, true/false or null. */
const checkedOutput = (value: unknown): ScriptRow['output'] => {
  if (value === null) return null
  if (typeof value !== 'object' || Array.isArray(value))
    throw new Error('The script must return an object of fields (or null to leave the row out)')
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length > MAX_COLUMNS) throw new Error(`The script returned more than ${MAX_COLUMNS} fields`)
  for (const [title, field] of entries) {
    if (!title.trim() || title.length > MAX_TITLE) throw new Error(`"${title.slice(0, 40)}" is not a field name`)
    const ok =
      field === null || ['string', 'boolean'].includes(typeof field) || (typeof field === 'number' && Number.isFinite(field))
    if (!ok) throw new Error(`"${title}" must be text, a number, true/false or null`)
  }
  return value as ScriptRow['output']
}

/** Compiles the script and frees it: throws ScriptSyntaxError when it does not compile. */
export const checkScript = async (script: string) => (await ImportScript.compile(script)).dispose()

const cellOf = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? '' : String(value)

/**
 * The sheet as the script makes it (decision 0171). A first pass runs the script over every row to learn
 * its field titles (the plan is made from the header row, before any data row); the second pass yields the
 * rows under those titles (the engine's `rows`). A row the script refuses keeps its problem and no cells: it
 * is that row's error.
 */
export const scriptedSheet = (
  script: string,
  read: () => AsyncIterable<SheetRow>,
  headerRow: number,
  dataStartRow: number
): { rows: () => AsyncGenerator<SheetRow> } => {
  async function* pass(): AsyncGenerator<ScriptRow> {
    const compiled = await ImportScript.compile(script)
    try {
      let titles: string[] = []
      for await (const sheetRow of read()) {
        if (sheetRow.row === headerRow) {
          titles = sheetRow.cells.map((cell) => cell.trim())
          continue
        }
        if (sheetRow.row < dataStartRow || sheetRow.cells.every((cell) => !cell.trim())) continue
        const row: Record<string, string> = {}
        titles.forEach((title, i) => {
          if (title && !(title in row)) row[title] = sheetRow.cells[i] ?? ''
        })
        const result = await compiled.run(row, sheetRow.row, sheetRow.cells)
        yield result
      }
    } finally {
      compiled.dispose()
    }
  }
  async function* rows() {
    const fields: string[] = []
    const known = new Set<string>()
    for await (const result of pass())
      for (const title of Object.keys(result.output ?? {}))
        if (!known.has(title) && fields.length < MAX_COLUMNS) {
          known.add(title)
          fields.push(title)
        }
    yield { row: headerRow, cells: fields }
    for await (const result of pass()) {
      if (result.problem) yield { row: result.row, cells: fields.map(() => ''), problems: [result.problem] }
      else if (result.output) yield { row: result.row, cells: fields.map((field) => cellOf(result.output![field])) }
    }
  }
  return { rows }
}

/**
 * A script's plan (decision 0171): as if each output field were mapped from a column titled by the field,
 * `_id` finding the record as in an exported sheet; a template that also has mappings maps the output's
 * titles by them instead.
 */
export const scriptTemplate = <T extends { mappings: ImportMapping[] }>(template: T | undefined, titles: string[]) =>
  template?.mappings.length
    ? template
    : {
        mappings: titles.map((title): ImportMapping => ({
          field: title,
          header: title,
          sourceType: 'single',
          key: title === '_id'
        }))
      }
