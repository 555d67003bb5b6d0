import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import type { ResourceDefinition } from '../../components/data-table/resource'
import { useListT } from '../../lib/i18n/lists'
import { queryKeys } from '../../lib/query-keys'
import { resourceApi } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'
import { usePageOptions } from '../../lib/page-options'

/**
 * On a record's edit route (`{list}/edit/{id}`), the page title carries the record's name when the
 * declaration says how to show it ("Edit Product: Green tea", spec §2.14).
 */
export const useRecordTitle = (routeName: string, definition: ResourceDefinition | undefined) => {
  const { t, language } = useListT()
  const shop = useCurrentShopId()
  const { id } = useParams({ strict: false }) as { id?: string }
  const wanted = Boolean(definition?.recordTitle && routeName.endsWith('/edit') && id)
  const record = useQuery({
    queryKey: queryKeys.get(definition?.path ?? '', id ?? ''),
    enabled: wanted && Boolean(shop),
    staleTime: 30_000,
    queryFn: () => resourceApi(definition!.path).get(id!)
  })
  const name = wanted && record.data ? definition!.recordTitle!(record.data, language) : ''
  const routeTitle = t(`route.${routeName}` as never)
  const options = useMemo(() => (name ? { title: `${routeTitle}: ${name}` } : {}), [name, routeTitle])
  usePageOptions(options)
}
