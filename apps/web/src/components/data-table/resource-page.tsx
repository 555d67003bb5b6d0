import { useLocation, useMatches, useParams, useRouter } from '@tanstack/react-router'
import { useAppNavigate } from '../ui/app-link'
import { DataTable } from './data-table'
import { VirtualTable } from './virtual-table'
import type { ResourceDefinition } from './resource'

const withoutSlash = (path: string) => path.replace(/\/+$/, '')

/**
 * A list screen from its declaration. On the list's edit route (`{list}/edit/{id?}`, spec §2.2)
 * the same page shows with that record's editor open; `?clone={id}` opens a prefilled new one.
 */
export const ResourcePage = ({ definition }: { definition: ResourceDefinition }) => {
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name }) ?? ''
  // The rendered match's own path: while the next page loads, this page stays up under its old match.
  const here = useMatches({ select: (matches) => matches.at(-1)?.pathname })
  const router = useRouter()
  const { id } = useParams({ strict: false }) as { id?: string }
  const search = useLocation({ select: (location) => location.searchStr })
  const navigate = useAppNavigate()
  const editRoute = name.endsWith('/edit')
  const clone = new URLSearchParams(search).get('clone')
  // Closing returns to the list, but only from this address: a record that is not there closes its
  // editor when its fetch fails, and a merchant who has meanwhile gone elsewhere must stay there.
  const close = () => {
    if (withoutSlash(router.history.location.pathname) === withoutSlash(here ?? ''))
      navigate(`/${name.slice(0, -'/edit'.length)}`)
  }
  const routeEditor = editRoute ? { editor: id ?? (clone ? `clone:${clone}` : 'new'), onClose: close } : undefined
  // `?view=virtual` shows any list as the infinite variant (long lists, and its browser test and benchmark).
  if (new URLSearchParams(search).get('view') === 'virtual') return <VirtualTable definition={definition} />
  return <DataTable definition={definition} routeEditor={routeEditor} />
}
