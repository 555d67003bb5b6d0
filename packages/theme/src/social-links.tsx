import { socialSettingNames, type LocaleId, type SocialSettingName } from '@emporia/shared'
import { useRenderContext, type ThemeRenderContext } from './context'
import { Icon, hasIcon } from './icons'
import { say } from './messages'

/** One of the shop's social links as the footer shows it: an outside link, or (WeChat) an ID as text. */
export interface SocialLink {
  kind: string
  name: string
  href?: string
  /** Shown beside the icon when there is no link (the WeChat ID). */
  text?: string
}

const NAMES: Record<SocialSettingName, string> = {
  socialFacebook: 'Facebook',
  socialInstagram: 'Instagram',
  socialWhatsapp: 'WhatsApp',
  socialYoutube: 'YouTube',
  socialX: 'X',
  socialLine: 'LINE',
  socialWechat: 'WeChat',
  socialEmail: 'E-mail'
}

// Checked again at render: the shop's fields are checked on write, but a page must never carry a script link.
const WEB = /^https?:\/\/[^\s"<>]+$/i
const EMAIL = /^[^\s"<>@]+@[^\s"<>@]+$/

/** The shop's social links in the footer's order (settings/social, decision 0113); unset or unsafe ones left out. */
export const socialLinks = (social: ThemeRenderContext['social'], locale: LocaleId): SocialLink[] =>
  socialSettingNames.flatMap((field): SocialLink[] => {
    const value = social?.[field]?.trim()
    if (!value) return []
    const kind = field.replace(/^social/, '').toLowerCase()
    switch (field) {
      case 'socialWhatsapp': {
        const digits = value.replace(/\D/g, '')
        return digits ? [{ kind, name: NAMES[field], href: `https://wa.me/${digits}` }] : []
      }
      case 'socialWechat':
        return [{ kind, name: say(locale, 'wechat'), text: value }]
      case 'socialEmail':
        return EMAIL.test(value) ? [{ kind: 'mail', name: say(locale, 'email'), href: `mailto:${value}` }] : []
      default:
        return WEB.test(value) ? [{ kind, name: NAMES[field], href: value }] : []
    }
  })

/** The footer's row of social links: small icons named for screen readers; outside links open a new tab. */
export const SocialLinks = () => {
  const { social, locale } = useRenderContext()
  const links = socialLinks(social, locale)
  if (!links.length) return null
  return (
    <ul className="ef-social" aria-label={say(locale, 'socialLinks')}>
      {links.map((link) => {
        const icon = hasIcon(link.kind) ? <Icon name={link.kind} size={20} /> : null
        if (!link.href)
          return (
            <li key={link.kind} className="ef-social__text">
              {icon}
              <span>{`${link.name}: ${link.text}`}</span>
            </li>
          )
        const outside = !link.href.startsWith('mailto:')
        return (
          <li key={link.kind}>
            <a
              className="ef-social__link"
              href={link.href}
              aria-label={outside ? say(locale, 'newWindow', { name: link.name }) : link.name}
              title={link.name}
              {...(outside ? { target: '_blank', rel: 'noopener' } : {})}
            >
              {icon ?? <span>{link.name}</span>}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
