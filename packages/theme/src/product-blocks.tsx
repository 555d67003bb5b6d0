import { useRenderContext } from './context'
import { say } from './messages'
import { list, record, style, text } from './props'

type Props = { props: Record<string, unknown> }

/** Breadcrumbs: home, then the steps the server knows for the page (a category, a product). */
export const SitePath = ({ props }: Props) => {
  const { base, locale, crumbs } = useRenderContext()
  const separator = text(props.separator, '/')
  return (
    <nav className="ef-sitepath" style={style(props.css)} aria-label={say(locale, 'breadcrumb')}>
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

interface SkuView {
  id: string
  name: string
  price: string
  dprice: string
  inStock: boolean
  /** On hand, given only when the shop shows stock counts (settings/ui). */
  stock?: number
}

const skusOf = (product: Record<string, unknown> | undefined): SkuView[] =>
  list(product?.skus).flatMap((entry) => {
    const sku = record(entry)
    if (!sku || typeof sku.id !== 'string') return []
    return [
      {
        id: sku.id,
        name: text(sku.name),
        price: text(sku.price),
        dprice: text(sku.dprice),
        inStock: sku.inStock !== false,
        ...(typeof sku.stock === 'number' ? { stock: sku.stock } : {})
      }
    ]
  })

/** What a SKU's stock line says: "n left" when the shop shows counts, else in stock / out of stock. */
const stockText = (sku: SkuView, locale: Parameters<typeof say>[0]) =>
  sku.inStock && sku.stock !== undefined && sku.stock > 0
    ? say(locale, 'left', { n: sku.stock })
    : say(locale, sku.inStock ? 'inStock' : 'outOfStock')

/** The chosen SKU's price (struck through when discounted) and stock state, as the island redraws it. */
const SkuShown = ({ sku, locale }: { sku: SkuView; locale: Parameters<typeof say>[0] }) => (
  <p className="ef-skus__shown" data-sku-shown aria-live="polite">
    <span data-sku-price>
      {sku.dprice ? (
        <>
          <s>{sku.price}</s> <strong>{sku.dprice}</strong>
        </>
      ) : (
        <strong>{sku.price}</strong>
      )}
    </span>{' '}
    <span data-sku-stock className={sku.inStock ? 'ef-skus__in' : 'ef-skus__out'}>
      {stockText(sku, locale)}
    </span>
  </p>
)

/**
 * A product's SKUs (decision 0115): one radio each, out-of-stock ones disabled, in a GET form so the
 * choice works without script (`?sku=` draws the page with it); the island redraws the price and stock
 * of the chosen SKU and add-to-cart sends it. A product without SKUs shows nothing.
 */
export const SkuPicker = ({ props }: Props) => {
  const { locale, sku: asked } = useRenderContext()
  const skus = skusOf(record(props.product))
  if (!skus.length) return null
  const chosen = skus.find((sku) => sku.id === asked && sku.inStock) ?? skus.find((sku) => sku.inStock) ?? skus[0]
  return (
    <form
      className="ef-skus"
      method="get"
      data-island="skuPicker"
      data-in-stock={say(locale, 'inStock')}
      data-out-of-stock={say(locale, 'outOfStock')}
      style={style(props.css)}
    >
      <fieldset>
        <legend>{say(locale, 'options')}</legend>
        {skus.map((sku) => (
          <label className="ef-skus__option" key={sku.id}>
            <input
              type="radio"
              name="sku"
              value={sku.id}
              disabled={!sku.inStock}
              defaultChecked={sku.id === chosen.id}
              data-price={sku.price}
              data-dprice={sku.dprice}
              data-in-stock={sku.inStock ? 'true' : 'false'}
              data-stock-text={sku.stock !== undefined ? stockText(sku, locale) : undefined}
            />
            <span>{sku.name}</span>
            {!sku.inStock && <small> ({say(locale, 'outOfStock')})</small>}
          </label>
        ))}
      </fieldset>
      <SkuShown sku={chosen} locale={locale} />
      <noscript>
        <button className="ef-btn ef-btn--outlined" type="submit">
          {say(locale, 'choose')}
        </button>
      </noscript>
    </form>
  )
}
