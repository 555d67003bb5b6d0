import { lazy, Suspense, type ComponentType } from 'react'
import { useMatches } from '@tanstack/react-router'
import type { ResourceDefinition } from '../../components/data-table/resource'
import { ResourcePage } from '../../components/data-table/resource-page'
import { ResourceTabs, type ResourceTab } from '../../components/data-table/resource-tabs'
import { settingsInventoryScreen } from '../../features/settings-inventory/settings-inventory.screen'
import { settingsPaymentScreen } from '../../features/settings-payment/settings-payment.screen'
import { settingsPosScreen } from '../../features/settings-pos/settings-pos.screen'
import { settingsPosBannersScreen } from '../../features/settings-pos-banners/settings-pos-banners.screen'
import { settingsShopScreen } from '../../features/settings-shop/settings-shop.screen'
import { settingsSocialScreen } from '../../features/settings-social/settings-social.screen'
import { settingsUiScreen } from '../../features/settings-ui/settings-ui.screen'
import { settingsVerifyScreen } from '../../features/settings-verify/settings-verify.screen'
import { settingsEmailScreen } from '../../features/settings-email/settings-email.screen'
import { settingsIntegrationsScreen } from '../../features/settings-integrations/settings-integrations.screen'
import { ACCOUNTING_SERVICE } from './route-paths'
import { miniSettingsScreen } from '../../features/mini-settings/mini-settings.screen'
import { appSettingsScreen } from '../../features/app-settings/app-settings.screen'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { useRecordTitle } from './use-record-title'

/**
 * Every resource declaration of the features (`features/<x>/<x>-resource.ts`), found by name: each
 * carries its screen, which says the route it shows on (decision 0075), so no table names them again.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../features/*/*-resource.{ts,tsx}', { eager: true })
const declaredResources: ResourceDefinition[] = Object.values(modules)
  .flatMap((module) => Object.values(module))
  .filter((value): value is ResourceDefinition => typeof value === 'object' && value !== null && 'screen' in value)

/** The list each route shows (its `…/edit` route shows the same list with the editor open). */
const resources = new Map(
  declaredResources
    .filter((definition) => definition.screen?.kind === 'list')
    .map((definition) => [definition.screen!.route, definition])
)

/** Routes that show several lists as tabs (`?tab=`), in their screens' tab order (decision 0040). */
const tabs = new Map<string, ResourceTab[]>()
for (const definition of declaredResources) {
  const { route, tab } = definition.screen!
  if (tab) tabs.set(route, [...(tabs.get(route) ?? []), { key: tab.key, label: tab.label as AnyMessageKey, definition }])
}
for (const list of tabs.values()) list.sort((a, b) => a.definition.screen!.tab!.order - b.definition.screen!.tab!.order)

/** Screens of this page that are forms rather than lists, each its own chunk. */
const forms: Record<string, ComponentType> = {
  [settingsInventoryScreen.route]: lazy(() =>
    import('../../features/settings-inventory/settings-inventory-page').then((m) => ({ default: m.SettingsInventoryPage }))
  ),
  [settingsPaymentScreen.route]: lazy(() =>
    import('../../features/settings-payment/settings-payment-page').then((m) => ({ default: m.SettingsPaymentPage }))
  ),
  [settingsPosScreen.route]: lazy(() =>
    import('../../features/settings-pos/settings-pos-page').then((m) => ({ default: m.SettingsPosPage }))
  ),
  [settingsPosBannersScreen.route]: lazy(() =>
    import('../../features/settings-pos-banners/settings-pos-banners-page').then((m) => ({ default: m.SettingsPosBannersPage }))
  ),
  [settingsShopScreen.route]: lazy(() =>
    import('../../features/settings-shop/settings-shop-page').then((m) => ({ default: m.SettingsShopPage }))
  ),
  [settingsSocialScreen.route]: lazy(() =>
    import('../../features/settings-social/settings-social-page').then((m) => ({ default: m.SettingsSocialPage }))
  ),
  [settingsUiScreen.route]: lazy(() =>
    import('../../features/settings-ui/settings-ui-page').then((m) => ({ default: m.SettingsUiPage }))
  ),
  [settingsVerifyScreen.route]: lazy(() =>
    import('../../features/settings-verify/settings-verify-page').then((m) => ({ default: m.SettingsVerifyPage }))
  ),
  [settingsEmailScreen.route]: lazy(() =>
    import('../../features/settings-email/settings-email-page').then((m) => ({ default: m.SettingsEmailPage }))
  ),
  [settingsIntegrationsScreen.route]: lazy(() =>
    import('../../features/settings-integrations/settings-integrations-page').then((m) => ({
      default: m.SettingsIntegrationsPage
    }))
  ),
  [`settings/${ACCOUNTING_SERVICE}/callback`]: lazy(() =>
    import('../../features/settings-integrations/accounting-callback-page').then((m) => ({ default: m.AccountingCallbackPage }))
  ),
  [miniSettingsScreen.route]: lazy(() =>
    import('../../features/mini-settings/mini-settings-page').then((m) => ({ default: m.MiniSettingsPage }))
  ),
  [appSettingsScreen.route]: lazy(() =>
    import('../../features/app-settings/app-settings-page').then((m) => ({ default: m.AppSettingsPage }))
  )
}

/**
 * Every declared list screen behind one lazy page: the entry carries one import instead of one per
 * screen (the login page's budget, decision 0030). `app/screens.test.ts` proves each `resource`
 * route has its declaration or form here.
 */
export const ResourceRoutePage = () => {
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name }) ?? ''
  const list = name.replace(/\/edit$/, '')
  const definition = resources.get(list)
  useRecordTitle(name, definition)
  const Form = forms[name]
  if (Form)
    return (
      <Suspense fallback={null}>
        <Form />
      </Suspense>
    )
  const tabbed = tabs.get(list)
  if (tabbed && tabbed.length > 1) return <ResourceTabs key={list} tabs={tabbed} />
  return <ResourcePage key={definition!.path} definition={definition!} />
}
