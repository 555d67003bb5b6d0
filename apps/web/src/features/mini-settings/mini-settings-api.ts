import { MINI_PACKAGE_PATH, servicePaths, type MiniSettings, type MiniSettingsData } from '@emporia/shared'
import { TOKEN_KEY } from '../../lib/token-key'
import { saveDownload } from '../../lib/export-api'
import { shopApi } from '../../lib/resource-client'
import { shopQuery } from '../../lib/shop'

export const loadMiniSettings = async () => (await shopApi(servicePaths.miniSettings).find()) as MiniSettings
export const saveMiniSettings = async (change: MiniSettingsData) =>
  (await shopApi(servicePaths.miniSettings).create(change)) as MiniSettings

/** The change to send: the id as typed (empty clears it); the secret only when one was typed, or removed. */
export const miniSettingsChange = (programId: string, secret: string, removeSecret: boolean): MiniSettingsData => ({
  programId: programId.trim() || null,
  ...(secret.trim() ? { secret: secret.trim() } : removeSecret ? { secret: null } : {})
})

/** The package's download (decision 0206): the server zips the client's build filled in for the shop. */
export const MINI_PACKAGE_URL = `/api/${MINI_PACKAGE_PATH}`

/** The package can be asked for once a program id is saved: the server refuses it before (`mini.noProgramId`). */
export const packageReady = (settings: Pick<MiniSettings, 'programId'>) => Boolean(settings.programId)

/** Asks for the shop's package with the staff token; a refusal is thrown as the server's error (its key translated by the screen). */
export const fetchMiniPackage = async (shop: string, token: string, fetcher: typeof fetch = fetch): Promise<Response> => {
  const response = await fetcher(`${MINI_PACKAGE_URL}?shop=${encodeURIComponent(shop)}`, {
    headers: { authorization: `Bearer ${token}` }
  })
  if (!response.ok) throw await response.json().catch(() => ({ code: response.status, message: response.statusText }))
  return response
}

/** Downloads the current shop's package and saves it under the server's file name. */
export const downloadMiniPackage = async () => {
  const { shop } = shopQuery() as { shop: string }
  await saveDownload(await fetchMiniPackage(shop, localStorage.getItem(TOKEN_KEY) ?? ''), 'mini-program.zip')
}
