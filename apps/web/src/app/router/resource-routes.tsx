import { lazy, Suspense, type ComponentType } from 'react'
import { useMatches } from '@tanstack/react-router'
import type { ResourceDefinition } from '../../components/data-table/resource'
import { ResourcePage } from '../../components/data-table/resource-page'
import { ResourceTabs, type ResourceTab } from '../../components/data-table/resource-tabs'
import { brandsResource } from '../../features/brands/brands-resource'
import { categoriesResource } from '../../features/categories/categories-resource'
import { inventoriesResource } from '../../features/inventories/inventories-resource'
import { inventoryLogsResource } from '../../features/inventory-logs/inventory-logs-resource'
import { inventoryLotsResource } from '../../features/inventory-lots/inventory-lots-resource'
import { productBundlesResource } from '../../features/product-bundles/product-bundles-resource'
import { productRelatedsResource } from '../../features/product-relateds/product-relateds-resource'
import { productsResource } from '../../features/products/products-resource'
import { specsResource } from '../../features/specs/specs-resource'
import { tagsResource } from '../../features/tags/tags-resource'
import { warehousesResource } from '../../features/warehouses/warehouses-resource'
import { useRecordTitle } from './use-record-title'

/** Which declaration each list route shows (its `…/edit` route shows the same list with the editor open). */
const resources: Record<string, ResourceDefinition> = {
  'eshop/categories': categoriesResource,
  'eshop/brands': brandsResource,
  warehouses: warehousesResource,
  products: productsResource,
  productBundles: productBundlesResource,
  productRelateds: productRelatedsResource,
  'warehouses/inventories': inventoriesResource,
  'warehouses/inventoryLogs': inventoryLogsResource,
  'warehouses/inventoryLots': inventoryLotsResource
}

/**
 * Routes that show several lists as tabs (`?tab=`): spec definitions and tags have no route of their
 * own (spec §2.2) and are managed on the products page (decision 0040).
 */
const tabs: Record<string, ResourceTab[]> = {
  products: [
    { key: 'products', label: 'route.products', definition: productsResource },
    { key: 'specs', label: 'product.tab.specs', definition: specsResource },
    { key: 'tags', label: 'product.tab.tags', definition: tagsResource }
  ]
}

/** Screens of this page that are forms rather than lists, each its own chunk. */
const forms: Record<string, ComponentType> = {
  'settings/inventory': lazy(() =>
    import('../../features/settings-inventory/settings-inventory-page').then((m) => ({ default: m.SettingsInventoryPage }))
  )
}

/**
 * Every declared list screen behind one lazy page: the entry carries one import instead of one per
 * screen (the login page's budget, decision 0030).
 */
export const ResourceRoutePage = () => {
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name }) ?? ''
  const list = name.replace(/\/edit$/, '')
  const definition = resources[list]
  useRecordTitle(name, definition)
  const Form = forms[name]
  if (Form)
    return (
      <Suspense fallback={null}>
        <Form />
      </Suspense>
    )
  if (tabs[list]) return <ResourceTabs key={list} tabs={tabs[list]} />
  return definition ? <ResourcePage key={definition.path} definition={definition} /> : null
}
