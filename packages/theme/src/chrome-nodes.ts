import type { MenuItem, PageNode, Theme } from '@emporia/shared'

// The theme's header, drawer and footer around every page (decision 0108), as nodes: the storefront
// resolves and renders them around a published page, the page editor's canvas around the page being
// designed (decision 0163), so both show the same frame.

const DEFAULT_HEADER: MenuItem[] = [
  { type: 'logo' },
  { type: 'spacer' },
  { type: 'search' },
  { type: 'lang' },
  // The customer's account (decision 0114).
  { type: 'favorite' },
  { type: 'cart' }
]

/** The chrome's nodes above and below a page whose own top-level blocks are of the types in `own`. */
export const themeChromeNodes = (
  theme: Pick<Theme, 'header' | 'headerMenu' | 'footer' | 'footerMenu'> | null | undefined,
  own: ReadonlySet<string>
): { top: PageNode[]; bottom: PageNode[] } => {
  const headerMenu = theme?.headerMenu?.length ? (theme.headerMenu as MenuItem[]) : DEFAULT_HEADER
  const top: PageNode[] = []
  if (!own.has('header')) top.push({ id: 'theme-header', type: 'header', props: { ...(theme?.header ?? {}), items: headerMenu } })
  if (!own.has('drawer') && headerMenu.some((item) => item.type === 'drawer'))
    top.push({
      id: 'theme-drawer',
      type: 'drawer',
      props: { type: 'hidden', temporary: true, items: headerMenu.filter((item) => !item.type || item.type === 'item') }
    })
  const bottom: PageNode[] = own.has('footer')
    ? []
    : [{ id: 'theme-footer', type: 'footer', props: { ...(theme?.footer ?? {}), items: theme?.footerMenu ?? [] } }]
  return { top, bottom }
}
