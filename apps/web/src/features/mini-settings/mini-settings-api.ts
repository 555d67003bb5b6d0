import { servicePaths, type MiniSettings, type MiniSettingsData } from '@emporia/shared'
import { shopApi } from '../../lib/resource-client'

export const loadMiniSettings = async () => (await shopApi(servicePaths.miniSettings).find()) as MiniSettings
export const saveMiniSettings = async (change: MiniSettingsData) =>
  (await shopApi(servicePaths.miniSettings).create(change)) as MiniSettings

/** The change to send: the id as typed (empty clears it); the secret only when one was typed, or removed. */
export const miniSettingsChange = (programId: string, secret: string, removeSecret: boolean): MiniSettingsData => ({
  programId: programId.trim() || null,
  ...(secret.trim() ? { secret: secret.trim() } : removeSecret ? { secret: null } : {})
})
