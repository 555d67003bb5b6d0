import type { CSSProperties } from 'react'
import type { ResolvedMenuItem } from '@emporia/shared'
import { useRenderContext } from './context'
import { Icon } from './icons'
import { Picture } from './media'
import { MenuList } from './menu'
import { say } from './messages'
import { flag, list, num, text } from './props'
import { SocialLinks } from './social-links'

type Props = { props: Record<string, unknown> }
const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ')
/** Links of a menu (what collapses into the mobile panel): items, their children kept. */
const linkItems = (items: ResolvedMenuItem[]) => items.filter((item) => !item.type || item.type === 'item')

/** The header of §3.15: a bar of menu items; its links fold into a panel on small screens. */
export const Header = ({ props }: Props) => {
  const { locale } = useRenderContext()
  const items = list<ResolvedMenuItem>(props.items)
  const links = linkItems(items)
  const hasDrawer = items.some((item) => item.type === 'drawer')
  const style: CSSProperties = { minHeight: text(props.height, '64px') }
  if (text(props.background)) style.background = text(props.background)
  return (
    <header
      className={classes(
        'ef-header',
        flag(props.fixed) && 'ef-header--fixed',
        flag(props.flat) && 'ef-header--flat',
        flag(props.dark) && 'ef-dark',
        flag(props.translucent) && 'ef-header--translucent'
      )}
      style={style}
      data-top-background={text(props.topBackground) || undefined}
    >
      <nav className="ef-header__bar" aria-label={say(locale, 'menu')}>
        {links.length && !hasDrawer ? (
          <details className="ef-header__mobile" data-menu>
            <summary className="ef-menu__link ef-menu__icon" aria-label={say(locale, 'menu')}>
              <Icon name="menu" />
            </summary>
            <MenuList items={links} placement="list" />
          </details>
        ) : null}
        <MenuList items={items} placement="bar" />
      </nav>
    </header>
  )
}

/**
 * The footer of §3.15: items as columns (an item with children is a column), the shop's social links
 * (settings/social), then the copyright line.
 */
export const Footer = ({ props }: Props) => {
  const { locale, shopName } = useRenderContext()
  const items = list<ResolvedMenuItem>(props.items)
  const year = num(props.year) || new Date().getFullYear()
  const style: CSSProperties = { padding: text(props.padding, '16px') }
  if (text(props.height) && text(props.height) !== 'auto') style.minHeight = text(props.height)
  return (
    <footer
      className={classes('ef-footer', flag(props.fixed) && 'ef-footer--fixed', flag(props.inset) && 'ef-footer--inset')}
      style={style}
    >
      {items.length ? (
        <div className="ef-footer__columns">
          {items.map((item, index) =>
            item.childs.length ? (
              <section key={item.id ?? index} className="ef-footer__column">
                <h2 className="ef-footer__title">{item.name}</h2>
                <MenuList items={item.childs} placement="list" />
              </section>
            ) : (
              <MenuList key={item.id ?? index} items={[item]} placement="bar" />
            )
          )}
        </div>
      ) : null}
      <SocialLinks />
      {flag(props.hideBottom) ? null : (
        <p className="ef-footer__bottom">{`© ${year} ${text(props.name) || shopName}. ${say(locale, 'rights')}`}</p>
      )}
    </footer>
  )
}

/**
 * The drawer of §3.15 (types of §9.5). Opened by a drawer menu item: the island toggles it, and without
 * script the `#ef-drawer` target opens it (CSS :target).
 */
export const Drawer = ({ props }: Props) => {
  const { locale, base, shopName } = useRenderContext()
  const type = text(props.type, 'normal')
  return (
    <aside
      id="ef-drawer"
      className={classes(
        'ef-drawer',
        `ef-drawer--${type}`,
        flag(props.temporary) && 'ef-drawer--temporary',
        flag(props.absolute) && 'ef-drawer--absolute',
        flag(props.flat) && 'ef-drawer--flat',
        flag(props.dark) && 'ef-dark'
      )}
      style={{ width: type === 'full' ? undefined : text(props.width, '256px') }}
      data-island="drawer"
      aria-label={say(locale, 'menu')}
    >
      <div className="ef-drawer__head">
        {props.logo ? (
          <a href={`${base}/`} className="ef-drawer__logo">
            <Picture image={props.logo} alt={shopName} sizes="200px" style={{ maxHeight: '48px', width: 'auto' }} />
          </a>
        ) : (
          <span className="ef-logo-text">{shopName}</span>
        )}
        <a href="#" className="ef-menu__icon ef-drawer__close" data-drawer-close aria-label={say(locale, 'close')}>
          <Icon name="close" />
        </a>
      </div>
      <MenuList items={list<ResolvedMenuItem>(props.items)} placement="list" />
    </aside>
  )
}
