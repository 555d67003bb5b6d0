import type { ExportColumn, ExportColumnKind, ExportRef, ExportRequest } from '@emporia/shared'
import { loadClient, TOKEN_KEY } from './client'
import { shopQuery } from './shop'
import type { AnyMessageKey } from './i18n/lists'

export type { ExportColumn, ExportFormat, ExportRef, ExportRequest } from '@emporia/shared'
export type ExportKind = ExportColumnKind

interface ColumnLike {
  value: string
  text: AnyMessageKey
  kind?: string
  enumList?: Record<string, AnyMessageKey>
  lookup?: { path: string; textField?: string; itemKey?: string }
  exportRef?: ExportRef
  render?: unknown
}

const KINDS: Record<string, ExportKind> = {
  number: 'number',
  money: 'money',
  date: 'date',
  datetime: 'date',
  boolean: 'boolean',
  translatable: 'translatable'
}

/** What a column's references point to: the server writes the referenced record's name, never its id. */
const refOf = (column: ColumnLike): ExportRef | undefined =>
  column.exportRef ??
  (column.lookup && { path: column.lookup.path, textField: column.lookup.textField, itemKey: column.lookup.itemKey })

/** What the export sends for each shown column: translated header, cell kind, translated enum labels, references. */
export const exportColumns = (columns: readonly ColumnLike[], t: (key: AnyMessageKey) => string): ExportColumn[] =>
  columns
    .filter((column) => column.kind !== 'image')
    .map((column) => {
      const ref = refOf(column)
      return {
        field: column.value,
        header: t(column.text),
        kind: (column.kind && KINDS[column.kind]) || 'text',
        ...(column.enumList ? { enum: Object.fromEntries(Object.entries(column.enumList).map(([v, key]) => [v, t(key)])) } : {}),
        ...(ref ? { ref } : {})
      }
    })

const fileNameOf = (response: Response, fallback: string) => {
  const disposition = response.headers.get('content-disposition') ?? ''
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (star) return decodeURIComponent(star[1])
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback
}

/** Posts the export and saves the streamed file (spec §2.12). */
export const runExport = async (request: ExportRequest): Promise<void> => {
  const token = localStorage.getItem(TOKEN_KEY) ?? ''
  const response = await fetch('/api/export', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...request, query: shopQuery(request.query) })
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => ({ message: response.statusText }))) as unknown
    throw body
  }
  await saveDownload(response, `${request.fileName ?? 'export'}.${request.format}`)
}

/** Saves a downloaded file under the name the server gives (the export, an import's error sheet). */
export const saveDownload = async (response: Response, fallback: string): Promise<void> => {
  const blob = await response.blob()
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileNameOf(response, fallback)
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

interface ProgressEvent {
  exportId: string
  done: number
  total: number
}

interface EventSource {
  on(event: string, listener: (data: ProgressEvent) => void): unknown
  removeListener(event: string, listener: (data: ProgressEvent) => void): unknown
}

/** Follows the server's `export progress` events of one export; returns the unsubscribe. */
export const watchExportProgress = (exportId: string, onProgress: (progress: { done: number; total: number }) => void) => {
  let source: EventSource | undefined
  let stopped = false
  const listener = (event: ProgressEvent) => {
    if (event.exportId === exportId) onProgress({ done: event.done, total: event.total })
  }
  void loadClient().then(({ client }) => {
    if (stopped) return
    source = client.service('export')
    source.on('progress', listener)
  })
  return () => {
    stopped = true
    source?.removeListener('progress', listener)
  }
}
