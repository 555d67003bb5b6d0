import { servicePaths, type AccountingOptions, type AccountingSettingsData, type AccountingStatus } from '@emporia/shared'
import { shopApi } from '../../lib/resource-client'

const accounting = () => shopApi(servicePaths.accountingXero)

export const ACCOUNTING_CALLBACK = 'settings/xero/callback'

export const loadAccounting = async () => (await accounting().find()) as AccountingStatus

/** Starts connecting: answers where the browser goes to sign in to the accounting service. */
export const connectAccounting = async (shop: string, origin = window.location.origin) => {
  const status = await accounting().create({ action: 'connect', redirectUri: `${origin}/${shop}/${ACCOUNTING_CALLBACK}` })
  return status.authorizeUrl ?? ''
}

export const finishAccounting = async (code: string, state: string) => accounting().create({ action: 'callback', code, state })

export const accountingOptions = async () => (await accounting().create({ action: 'options' })) as unknown as AccountingOptions

export const chooseAccounting = async (choices: AccountingSettingsData) => accounting().create({ action: 'choose', ...choices })

export const syncAccounting = async () => accounting().create({ action: 'sync' })

export const disconnectAccounting = async () => accounting().create({ action: 'disconnect' })
