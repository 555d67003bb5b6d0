import { mergePacked, packAnswerText, transferablesOf } from './catalogue-pack'
import type { WorkerAnswer, WorkerAsk } from './catalogue-load'

/*
 * The catalogue worker (decision 0144): fetches the whole catalogue in its lean form, parses it and packs
 * it for the index, or lays a `since` answer over a pack, off the page's thread; the pack comes back as
 * a few strings and moved typed arrays.
 */

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerAsk>) => void) | null
  postMessage(message: WorkerAnswer, transfer?: Transferable[]): void
}

/** What the fetch of the whole catalogue answers, packed; a refusal is thrown as the server's error body. */
export const fetchPacked = async (url: string, token: string) => {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  if (!response.ok) throw (await response.json().catch(() => ({ message: response.statusText }))) as unknown
  return packAnswerText(await response.text())
}

scope.onmessage = (event) => {
  const ask = event.data
  void (async () => {
    try {
      const packed = ask.kind === 'fetch' ? await fetchPacked(ask.url, ask.token) : mergePacked(ask.base, ask.delta)
      scope.postMessage({ id: ask.id, packed }, transferablesOf(packed))
    } catch (error) {
      const plain = error instanceof Error ? { message: error.message } : error
      scope.postMessage({ id: ask.id, error: plain })
    }
  })()
}
