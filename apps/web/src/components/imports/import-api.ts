import { servicePaths, type ImportRun, type ImportUpload } from '@emporia/shared'
import { loadClient, TOKEN_KEY } from '../../lib/client'
import { saveDownload } from '../../lib/export-api'
import { shopQuery } from '../../lib/shop'

/*
 * The import runs of decision 0170 as the screen calls them: a file uploaded once (multipart, a
 * preview), further runs over it through the Feathers client, and the error sheet as a download.
 */

const bearer = () => ({ authorization: `Bearer ${localStorage.getItem(TOKEN_KEY) ?? ''}` })

/** A refused request's Feathers error body (its key is translated by `errorMessage`), or the status alone. */
const failure = async (response: Response): Promise<unknown> => {
  const body = (await response.json().catch(() => undefined)) as unknown
  return body && typeof body === 'object' ? body : { code: response.status, message: response.statusText }
}

/** Uploads a CSV or XLSX and starts its preview (a dry run). */
export const uploadImport = async (upload: ImportUpload, file: File): Promise<ImportRun> => {
  const form = new FormData()
  form.append('request', JSON.stringify(upload))
  form.append('file', file, file.name)
  const response = await fetch(`/api/${servicePaths.imports}`, { method: 'POST', headers: bearer(), body: form })
  if (!response.ok) throw await failure(response)
  return (await response.json()) as ImportRun
}

const service = async () => (await loadClient()).client.service(servicePaths.imports)

/** Another run over an earlier run's file: the import after its preview, or a preview of another sheet. */
export const startRun = async (from: string, dryRun: boolean, sheetName?: string): Promise<ImportRun> =>
  (await service()).create({ from, dryRun, ...(sheetName ? { sheetName } : {}) }, { query: shopQuery() })

export const getRun = async (id: string): Promise<ImportRun> => (await service()).get(id, { query: shopQuery() })

/** Stops a run after the batch in progress; what was written before stays. */
export const cancelRun = async (id: string): Promise<ImportRun> =>
  (await service()).patch(id, { cancel: true }, { query: shopQuery() })

/** Downloads a run's failed rows with a reason column in the merchant's language. */
export const downloadErrors = async (id: string, format: 'xlsx' | 'csv', locale: string): Promise<void> => {
  const query = new URLSearchParams({ ...(shopQuery() as Record<string, string>), format, locale })
  const response = await fetch(`/api/${servicePaths.imports}/${id}/errors?${query}`, { headers: bearer() })
  if (!response.ok) throw await failure(response)
  await saveDownload(response, `errors.${format}`)
}

/**
 * Follows one run: its `patched` events as they come, and a `get` every second besides (an event can be
 * missed while the socket reconnects). Returns the unsubscribe.
 */
export const followRun = (id: string, onRun: (run: ImportRun) => void, onError: (error: unknown) => void) => {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const listener = (run: ImportRun) => {
    if (!stopped && run._id === id) onRun(run)
  }
  const poll = async () => {
    try {
      const run = await getRun(id)
      if (!stopped) onRun(run)
    } catch (error) {
      if (!stopped) onError(error)
    }
    if (!stopped) timer = setTimeout(() => void poll(), 1000)
  }
  let source: Awaited<ReturnType<typeof service>> | undefined
  void service().then((found) => {
    if (stopped) return
    source = found
    found.on('patched', listener)
  })
  void poll()
  return () => {
    stopped = true
    if (timer) clearTimeout(timer)
    source?.removeListener('patched', listener)
  }
}
