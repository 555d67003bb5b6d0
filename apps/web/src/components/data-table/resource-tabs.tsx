import { Box, Tab, Tabs } from '@mui/material'
import { useLocation, useMatches, useRouter } from '@tanstack/react-router'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import type { ResourceDefinition } from './resource'
import { ResourcePage } from './resource-page'

export interface ResourceTab {
  key: string
  label: AnyMessageKey
  definition: ResourceDefinition
}

/**
 * Several declared lists on one route, one tab each; the tab is kept in the URL (`?tab=`), the
 * first tab when there is none. The route's edit form (`…/edit/{id}`) belongs to the first tab.
 */
export const ResourceTabs = ({ tabs }: { tabs: ResourceTab[] }) => {
  const { t } = useListT()
  const router = useRouter()
  const search = useLocation({ select: (location) => location.searchStr })
  const editRoute = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name })?.endsWith('/edit')
  const current = (!editRoute && tabs.find((tab) => tab.key === new URLSearchParams(search).get('tab'))) || tabs[0]
  const select = (key: string) => {
    // Each tab keeps its own table state under its own key; only the tab changes.
    const params = new URLSearchParams(window.location.search)
    if (key === tabs[0].key) params.delete('tab')
    else params.set('tab', key)
    const text = params.toString()
    router.history.push(`${window.location.pathname}${text ? `?${text}` : ''}`)
  }
  return (
    <Box>
      <Tabs value={current.key} onChange={(_, key: string) => select(key)} sx={{ mb: 2 }} data-testid="resource-tabs">
        {tabs.map((tab) => (
          <Tab key={tab.key} value={tab.key} label={t(tab.label)} data-testid={`tab-${tab.key}`} />
        ))}
      </Tabs>
      <ResourcePage key={current.key} definition={current.definition} />
    </Box>
  )
}
