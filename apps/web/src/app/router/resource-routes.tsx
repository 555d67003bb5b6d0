import { useMatches } from '@tanstack/react-router'
import type { ResourceDefinition } from '../../components/data-table/resource'
import { ResourcePage } from '../../components/data-table/resource-page'
import { brandsResource } from '../../features/brands/brands-resource'
import { categoriesResource } from '../../features/categories/categories-resource'
import { warehousesResource } from '../../features/warehouses/warehouses-resource'

/** Which declaration each list route shows (its `…/edit` route shows the same list with the editor open). */
const resources: Record<string, ResourceDefinition> = {
  'eshop/categories': categoriesResource,
  'eshop/brands': brandsResource,
  warehouses: warehousesResource
}

/**
 * Every declared list screen behind one lazy page: the entry carries one import instead of one per
 * screen (the login page's budget, decision 0030).
 */
export const ResourceRoutePage = () => {
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name }) ?? ''
  const definition = resources[name.replace(/\/edit$/, '')]
  return definition ? <ResourcePage key={definition.path} definition={definition} /> : null
}
