import type { PassThrough, Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { stringify } from 'csv-stringify'
import ExcelJS from 'exceljs'
import { csvField, neutralise, xlsxValue, type Cell } from './cells'
import type { ExportColumn } from './export.schema'

/** Writes rows of cells into the response stream, one format each. */
export interface SheetWriter {
  row: (cells: Cell[]) => Promise<void>
  end: () => Promise<void>
}

// Excel opens a UTF-8 CSV as the local code page unless it starts with a byte-order mark.
const BOM = '\uFEFF'
const MONEY_FORMAT = '#,##0.00;-#,##0.00'
// Excel dates carry no zone: they are written as UTC wall time (docs/decisions/0022-export.md).
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss'

/** Resolves once `stream` may take more (or is gone): the writer never runs ahead of the client. */
export const drained = (stream: Writable) =>
  new Promise<void>((resolve) => {
    if (!stream.writableNeedDrain || stream.destroyed) return resolve()
    const done = () => {
      stream.off('drain', done)
      stream.off('close', done)
      resolve()
    }
    stream.on('drain', done)
    stream.on('close', done)
  })

export const csvWriter = (output: PassThrough, columns: ExportColumn[]): SheetWriter => {
  output.write(BOM)
  const csv = stringify({ record_delimiter: 'windows', cast: { number: (n) => String(n) } })
  csv.pipe(output)
  const write = async (record: (string | number)[]) => {
    if (!csv.write(record)) await drained(csv)
  }
  const header = write(columns.map((c) => neutralise(c.header)))
  return {
    row: async (cells) => {
      await header
      await write(cells.map(csvField))
    },
    end: async () => {
      await header
      csv.end()
      await finished(output, { readable: false }).catch(() => undefined)
    }
  }
}

export const xlsxWriter = (output: PassThrough, columns: ExportColumn[]): SheetWriter => {
  // No shared strings: that table would hold every distinct text of the export in memory.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: true })
  const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    width: Math.min(60, Math.max(10, c.header.length + 2)),
    style: c.kind === 'money' ? { numFmt: MONEY_FORMAT } : c.kind === 'date' ? { numFmt: DATE_FORMAT } : {}
  }))
  const header = sheet.addRow(columns.map((c) => neutralise(c.header)))
  header.font = { bold: true }
  header.commit()
  return {
    row: async (cells) => {
      sheet.addRow(cells.map(xlsxValue)).commit()
    },
    end: async () => {
      sheet.commit()
      await workbook.commit()
    }
  }
}
