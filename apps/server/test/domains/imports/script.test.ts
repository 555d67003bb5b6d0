import { describe, expect, it } from 'vitest'
import { ImportScript, ScriptSyntaxError, checkScript, scriptedSheet } from '../../../src/domains/imports/script'
import type { SheetRow } from '../../../src/domains/imports/sheet-reader'

const run = async (script: string, row: Record<string, string> = {}, rowNumber = 2) => {
  const compiled = await ImportScript.compile(script)
  try {
    return await compiled.run(row, rowNumber, Object.values(row))
  } finally {
    compiled.dispose()
  }
}

describe('import script sandbox (decision 0171)', async () => {
  it("maps a row's titles to fields, and null leaves the row out", async () => {
    const script = `if (!row.Name) return null
return { 'name.en': row.Name.toUpperCase(), price: Number(row.Price) * 2, 'skus.price': row.Price, popular: rowNumber > 2 }`
    expect(await run(script, { Name: 'tea', Price: '1.5' }, 3)).toEqual({
      row: 3,
      output: { 'name.en': 'TEA', price: 3, 'skus.price': '1.5', popular: true }
    })
    expect(await run(script, { Name: '', Price: '1' })).toEqual({ row: 2, output: null })
  })

  it('stops a loop that never ends on each row, and the next row still runs', async () => {
    const compiled = await ImportScript.compile('if (row.Spin) { while (true) {} } return { price: row.Price }')
    try {
      const spun = await compiled.run({ Spin: 'yes', Price: '1' }, 2, [])
      expect(spun.output).toBeNull()
      expect(spun.problem?.key).toBe('import.scriptTimeout')
      expect((await compiled.run({ Spin: 'yes', Price: '1' }, 3, [])).problem?.key).toBe('import.scriptTimeout')
      expect(await compiled.run({ Spin: '', Price: '4' }, 4, [])).toEqual({ row: 4, output: { price: '4' } })
    } finally {
      compiled.dispose()
    }
  })

  it('has no require, process, fetch or host object to reach', async () => {
    const script = `return {
  require: typeof require, process: typeof process, fetch: typeof fetch, module: typeof module,
  globals: Object.getOwnPropertyNames(globalThis).filter((n) => /require|process|fetch|module|os|std|import/i.test(n)).join(','),
  ctor: (() => { try { return typeof (function () {}).constructor('return this')().process } catch (e) { return 'refused' } })()
}`
    expect((await run(script)).output).toEqual({
      require: 'undefined',
      process: 'undefined',
      fetch: 'undefined',
      module: 'undefined',
      globals: '',
      ctor: 'undefined'
    })
    const imported = await run("return import('fs').then(() => ({ read: 'yes' }))")
    expect(imported.problem?.key).toBe('import.scriptError')
  })

  it("stops a memory bomb as the row's error, and runs on", async () => {
    const compiled = await ImportScript.compile(
      'if (row.Bomb) { const all = []; for (;;) all.push(new Uint8Array(1 << 20)) } return { price: 1 }'
    )
    try {
      const bomb = await compiled.run({ Bomb: 'yes' }, 2, [])
      expect(bomb.problem?.key).toMatch(/^import\.script(Error|Timeout)$/)
      expect(await compiled.run({ Bomb: '' }, 3, [])).toEqual({ row: 3, output: { price: 1 } })
    } finally {
      compiled.dispose()
    }
    expect((await run("return { big: 'x'.repeat(1e9) }")).problem).toMatchObject({
      key: 'import.scriptError',
      message: expect.stringMatching(/memory/)
    })
  })

  it("refuses a throw, a bad result or a stack overflow as the row's error", async () => {
    expect((await run("throw new Error('no price')")).problem).toMatchObject({
      key: 'import.scriptError',
      message: 'Error: no price'
    })
    expect((await run('return [1, 2]')).problem?.key).toBe('import.scriptError')
    expect((await run('return { price: { nested: 1 } }')).problem?.message).toMatch(/price/)
    expect((await run('const f = () => f(); return f()')).problem?.key).toBe('import.scriptError')
  })

  it('refuses a script that does not compile, naming its line', async () => {
    await checkScript('return { price: 1 }')
    let error: unknown
    try {
      await checkScript('const a = 1\nreturn { price: }\n')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ScriptSyntaxError)
    expect((error as ScriptSyntaxError).data).toMatchObject({ field: 'script' })
    expect((error as ScriptSyntaxError).message).toMatch(/^Line 2: /)
  })

  it("makes the sheet's rows of the script's fields: a header of every field, the refused rows with their problem", async () => {
    const sheet: SheetRow[] = [
      { row: 1, cells: ['Name', 'Price'] },
      { row: 2, cells: ['Tea', '3'] },
      { row: 3, cells: ['', ''] },
      { row: 4, cells: ['Skip', '1'] },
      { row: 5, cells: ['Bad', 'x'] },
      { row: 6, cells: ['Cake', '5'] }
    ]
    async function* read() {
      yield* sheet
    }
    const scripted = scriptedSheet(
      `if (row.Name === 'Skip') return null
if (row.Price === 'x') throw new Error('bad price')
return row.Name === 'Cake' ? { 'name.en': row.Name, code: 'C' } : { 'name.en': row.Name, price: Number(row.Price) }`,
      read,
      1,
      2
    )
    const out: SheetRow[] = []
    for await (const row of scripted.rows()) out.push(row)
    expect(out).toEqual([
      { row: 1, cells: ['name.en', 'price', 'code'] },
      { row: 2, cells: ['Tea', '3', ''] },
      { row: 5, cells: ['', '', ''], problems: [expect.objectContaining({ key: 'import.scriptError', field: 'script' })] },
      { row: 6, cells: ['Cake', '', 'C'] }
    ])
  })
})
