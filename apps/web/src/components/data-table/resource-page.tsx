import { useLocation, useMatches, useParams } from '@tanstack/react-router'
import { useAppNavigate } from '../ui/app-link'
import { DataTable } from './data-table'
import { VirtualTable } from './virtual-table'
import type { ResourceDefinition } from './resource'

/**
 * A list screen from its declaration. On the list's edit route (`{list}/edit/{id?}`, spec §2.2)
 * the same page shows with that record's editor open; `?clone={id}` opens a prefilled new one.
 */
export const ResourcePage = ({ definition }: { definition: ResourceDefinition }) => {
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name }) ?? ''
  const { id } = useParams({ strict: false }) as { id?: string }
  const search = useLocation({ select: (location) => location.searchStr })
  const navigate = useAppNavigate()
  const editRoute = name.endsWith('/edit')
  const clone = new URLSearchParams(search).get('clone')
  const routeEditor = editRoute
    ? { editor: id ?? (clone ? `clone:${clone}` : 'new'), onClose: () => navigate(`/${name.slice(0, -'/edit'.length)}`) }
    : undefined
  // `?view=virtual` shows any list as the infinite variant (long lists, and its browser test and benchmark).
  if (new URLSearchParams(search).get('view') === 'virtual') return <VirtualTable definition={definition} />
  return <DataTable definition={definition} routeEditor={routeEditor} />
}
