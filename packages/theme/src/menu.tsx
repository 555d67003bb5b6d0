import type { ResolvedMenuItem } from '@emporia/shared'
import { locales } from '@emporia/shared'
import { useRenderContext } from './context'
import { Icon } from './icons'
import { Picture } from './media'
import { say } from './messages'
import { linkProps } from './props'

/** Where a menu is shown: a bar (header, footer bottom) or a vertical list (drawer, mobile panel). */
export type MenuPlacement = 'bar' | 'list'

/** `?lang=` on the current path: the server keeps the choice in a cookie. */
const langHref = (base: string, path: string, lang: string) => `${base}${path === '/' && base ? '' : path}?lang=${lang}`

const ItemLink = ({ item }: { item: ResolvedMenuItem }) => {
  const content = (
    <>
      {item.icon ? <Icon name={item.icon} /> : null}
      {item.name ? <span>{item.name}</span> : null}
    </>
  )
  return item.to ? (
    <a className="ef-menu__link" {...linkProps(item.to)}>
      {content}
    </a>
  ) : (
    <span className="ef-menu__link">{content}</span>
  )
}

const EDGE: Record<string, string> = { center: 'center', end: 'flex-end', 'space-between': 'space-between' }
/** An item's own alignment (§3.15 align, justify); the default `start` leaves the bar's own. */
const itemAlignment = (item: ResolvedMenuItem) => {
  const style: Record<string, string> = {}
  if (item.align && EDGE[item.align]) style.alignSelf = EDGE[item.align]
  if (item.justify && EDGE[item.justify]) style.marginLeft = 'auto'
  return Object.keys(style).length ? style : undefined
}

/** One menu item of §3.15, drawn by its type; items with children open a sub-menu (no script needed). */
export const MenuItemView = ({ item, placement = 'bar' }: { item: ResolvedMenuItem; placement?: MenuPlacement }) => {
  const context = useRenderContext()
  const { locale, base } = context
  switch (item.type) {
    case 'spacer':
      return <li className="ef-menu__spacer" role="separator" />
    case 'logo':
      return (
        <li className="ef-menu__logo" style={{ padding: item.padding }}>
          <a href={`${base}/`} aria-label={context.shopName}>
            {context.logo ? (
              <Picture
                image={context.logo}
                alt={context.shopName}
                sizes="160px"
                eager
                style={{ width: item.width, height: item.height }}
              />
            ) : (
              <span className="ef-logo-text">{context.shopName}</span>
            )}
          </a>
        </li>
      )
    case 'drawer':
      return (
        <li>
          <a className="ef-menu__link ef-menu__icon" href="#ef-drawer" data-drawer-toggle aria-label={say(locale, 'menu')}>
            <Icon name="menu" />
          </a>
        </li>
      )
    case 'search':
      return (
        <li className="ef-menu__search">
          <form action={`${base}/search`} method="get" role="search">
            <input type="search" name="q" placeholder={say(locale, 'searchPlaceholder')} aria-label={say(locale, 'search')} />
            <button type="submit" aria-label={say(locale, 'search')}>
              <Icon name="search" size={18} />
            </button>
          </form>
        </li>
      )
    case 'currency':
      return (
        <li>
          <span className="ef-menu__link">{say(locale, 'currency')}</span>
        </li>
      )
    case 'favorite':
      return (
        <li>
          {/* The customer's account (decision 0114): orders, details, addresses; favourites live there too. */}
          <a className="ef-menu__link ef-menu__icon ef-account-link" href={`${base}/account`} aria-label={say(locale, 'account')}>
            <Icon name="favorite" />
          </a>
        </li>
      )
    case 'cart':
      return (
        <li>
          <a className="ef-menu__link ef-menu__icon ef-cart-link" href={`${base}/cart`} aria-label={say(locale, 'cart')}>
            <Icon name="cart" />
            {/* The cart island fills the count from the visitor's cart. */}
            <span className="ef-badge" data-cart-count hidden />
          </a>
        </li>
      )
    case 'lang': {
      // Only the languages the shop offers; with one there is nothing to choose.
      const offered = locales.filter((one) => context.locales.includes(one.id))
      if (offered.length < 2) return null
      return (
        <li className="ef-menu__group">
          <details data-menu>
            <summary className="ef-menu__link" aria-label={say(locale, 'language')}>
              {item.showFlag !== false ? <Icon name="lang" /> : null}
              <span>{locales.find((one) => one.id === locale)?.name}</span>
            </summary>
            <ul className="ef-menu__sub">
              {offered.map((one) => (
                <li key={one.id}>
                  <a
                    className="ef-menu__link"
                    href={langHref(base, context.path, one.id)}
                    hrefLang={one.locale}
                    lang={one.locale}
                  >
                    {one.name}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </li>
      )
    }
    default:
      if (item.childs.length === 0)
        return (
          <li style={itemAlignment(item)}>
            <ItemLink item={item} />
          </li>
        )
      return placement === 'list' ? (
        <li className="ef-menu__group">
          <ItemLink item={item} />
          <MenuList items={item.childs} placement="list" sub />
        </li>
      ) : (
        <li className="ef-menu__group">
          <details data-menu>
            <summary className="ef-menu__link">
              {item.icon ? <Icon name={item.icon} /> : null}
              <span>{item.name}</span>
              <Icon name="down" size={16} />
            </summary>
            <MenuList items={item.to ? [{ ...item, childs: [] }, ...item.childs] : item.childs} placement="list" sub />
          </details>
        </li>
      )
  }
}

export const MenuList = ({
  items,
  placement,
  sub
}: {
  items: readonly ResolvedMenuItem[]
  placement: MenuPlacement
  sub?: boolean
}) => (
  <ul className={sub ? 'ef-menu__sub' : `ef-menu ef-menu--${placement}`}>
    {items.map((item, index) => (
      <MenuItemView key={item.id ?? index} item={item} placement={placement} />
    ))}
  </ul>
)
