import { useLocation, useRouter } from '@tanstack/react-router'
import { importTargets, type ImportTarget } from '@emporia/shared'

/** The URL parameter that shows a list with its import screen open (`/products?import=1`: "Import a file" in settings). */
export const IMPORT_PARAM = 'import'

/** A list an import can write (decision 0164): the shared `importTargets`. */
export const isImportTarget = (path: string): path is ImportTarget => (importTargets as readonly string[]).includes(path)

/**
 * Whether the list's import screen is open, kept in the URL so another screen can link to it and a
 * reload keeps it; opening pushes (Back closes it), closing replaces.
 */
export const useImportOpen = (enabled: boolean) => {
  const router = useRouter()
  const search = useLocation({ select: (location) => location.searchStr })
  const open = enabled && new URLSearchParams(search).has(IMPORT_PARAM)
  const set = (next: boolean) => {
    const params = new URLSearchParams(window.location.search)
    if (next) params.set(IMPORT_PARAM, '1')
    else params.delete(IMPORT_PARAM)
    const query = params.toString()
    const href = `${window.location.pathname}${query ? `?${query}` : ''}`
    if (next) router.history.push(href)
    else router.history.replace(href)
  }
  return { open, setOpen: set }
}
