import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react'
import { useParams, useRouter } from '@tanstack/react-router'
import { prefixPath, SHOP_ID_RE } from '../../lib/route-prefix'

/** The current route's shop, when it has one (an unknown path may have matched a first segment that is not a shop id). */
export const useRouteShop = () => {
  const shop = (useParams({ strict: false }) as { shop?: string }).shop
  return shop && SHOP_ID_RE.test(shop) ? shop : undefined
}

/** Navigates to an app path, keeping the current shop prefix (spec §2.1). */
export const useAppNavigate = () => {
  const router = useRouter()
  const shop = useRouteShop()
  return (href: string, options: { replace?: boolean } = {}) => {
    const target = prefixPath(href, shop)
    if (options.replace) router.history.replace(target)
    else router.history.push(target)
  }
}

export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }

/**
 * An anchor for app paths, usable as MUI's `component` for buttons and list items: the target
 * gets the shop prefix, and a plain click navigates inside the app without a page load.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ href, onClick, ...rest }, ref) {
  const shop = useRouteShop()
  const navigate = useAppNavigate()
  const target = prefixPath(href, shop)
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if (rest.target && rest.target !== '_self') return
    event.preventDefault()
    navigate(target)
  }
  return <a ref={ref} href={target} onClick={handleClick} {...rest} />
})
