import { useRenderContext } from './context'
import { say } from './messages'
import { list, record, style, text } from './props'

type Props = { props: Record<string, unknown> }

/** Breadcrumbs: home, then the steps the server knows for the page (a category, a product). */
export const SitePath = ({ props }: Props) => {
  const { base, locale, crumbs } = useRenderContext()
  const separator = text(props.separator, '/')
  return (
    <nav className="ef-sitepath" style={style(props.css)} aria-label="breadcrumb">
      <ol>
        <li>
          <a href={`${base}/`}>{text(props.home) || say(locale, 'home')}</a>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={index}>
            <span className="ef-sitepath__sep" aria-hidden="true">
              {separator}
            </span>
            {crumb.href && index < crumbs.length - 1 ? (
              <a href={crumb.href}>{crumb.name}</a>
            ) : (
              <span aria-current={index === crumbs.length - 1 ? 'page' : undefined}>{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

const pick = (value: unknown, locale: string): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  const texts = record(value)
  if (!texts) return ''
  const found = texts[locale] ?? texts.en ?? Object.values(texts).find((one) => typeof one === 'string')
  return typeof found === 'string' ? found : ''
}

/** A product's specs and attributes (§3.7: specs {spec, value}; attributes {name, values}) as a list. */
export const Attributes = ({ props }: Props) => {
  const { locale } = useRenderContext()
  const product = record(props.product)
  if (!product) return null
  const rows: [string, string][] = []
  for (const entry of list(product.specs)) {
    const spec = record(entry)
    if (spec)
      rows.push([
        pick(spec.spec, locale),
        list(spec.value).length
          ? list(spec.value)
              .map((one) => pick(one, locale))
              .join(', ')
          : pick(spec.value, locale)
      ])
  }
  for (const entry of list(product.attributes)) {
    const attribute = record(entry)
    if (attribute)
      rows.push([
        pick(attribute.name, locale),
        list(attribute.values)
          .map((one) => pick(one, locale))
          .join(', ')
      ])
  }
  const shown = rows.filter(([name, value]) => name && value)
  if (!shown.length) return null
  return (
    <dl className="ef-attributes" style={style(props.css)}>
      {shown.map(([name, value], index) => (
        <div key={index}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
