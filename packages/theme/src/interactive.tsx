import { Children, type ReactNode } from 'react'
import { useRenderContext } from './context'
import { say } from './messages'
import { formatCents, list, num, record, style, text } from './props'

type Props = { props: Record<string, unknown>; children?: ReactNode; nodeKey?: string }
/** Ids for tabs: node keys hold `/`, `[` and `]`. */
const idOf = (key: string) => `ef-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`

/** Tabs: the i-th child is the i-th tab's panel; the server shows the chosen one, the island switches. */
export const Tab = ({ props, children, nodeKey = 'tab' }: Props) => {
  const titles = list<string>(props.tabs).map((title) => text(title))
  const panels = Children.toArray(children)
  const count = Math.max(titles.length, panels.length)
  const chosen = Math.min(Math.max(0, Math.trunc(num(props.value))), Math.max(0, count - 1))
  const id = idOf(nodeKey)
  return (
    <div className="ef-tabs" style={style(props.css)} data-island="tab">
      <div className="ef-tabs__list" role="tablist">
        {Array.from({ length: count }, (_, index) => (
          <button
            type="button"
            role="tab"
            key={index}
            id={`${id}-t${index}`}
            aria-controls={`${id}-p${index}`}
            aria-selected={index === chosen ? 'true' : 'false'}
            tabIndex={index === chosen ? 0 : -1}
          >
            {titles[index] ?? String(index + 1)}
          </button>
        ))}
      </div>
      {Array.from({ length: count }, (_, index) => (
        <div
          role="tabpanel"
          key={index}
          id={`${id}-p${index}`}
          aria-labelledby={`${id}-t${index}`}
          hidden={index !== chosen}
          className="ef-tabs__panel"
        >
          {panels[index]}
        </div>
      ))}
    </div>
  )
}

/** A quantity field with − and + buttons (the island steps it within min / max). */
export const NumPicker = ({ props }: Props) => {
  const { locale } = useRenderContext()
  const min = num(props.min, 1)
  const max = num(props.max)
  const step = num(props.step, 1) > 0 ? num(props.step, 1) : 1
  const value = Math.max(min, max > 0 ? Math.min(max, num(props.value, min)) : num(props.value, min))
  return (
    <div className="ef-num" style={style(props.css)} data-island="numPicker">
      <button type="button" data-step="-1" aria-label={say(locale, 'decrease')}>
        −
      </button>
      <input
        type="number"
        name="quantity"
        inputMode="numeric"
        defaultValue={value}
        min={min}
        max={max > 0 ? max : undefined}
        step={step}
        aria-label={say(locale, 'quantity')}
      />
      <button type="button" data-step="1" aria-label={say(locale, 'increase')}>
        +
      </button>
    </div>
  )
}

/** The sorts a collection page understands (decision 0108). */
export const listingSorts = ['newest', 'price', '-price', 'name'] as const
const sortLabels = { newest: 'sortNewest', price: 'sortPriceAsc', '-price': 'sortPriceDesc', name: 'sortName' } as const

/**
 * Filters of a collection page as a plain GET form (works without script; the island submits on change).
 * It submits to the current page, so the server reads `category`, `min`, `max` and `sort` from the query.
 */
export const ProductFilter = ({ props }: Props) => {
  const context = useRenderContext()
  const { locale, listing } = context
  const fields = list<string>(props.fields)
  const categories = list<string>(props.categories).length ? list<string>(props.categories) : context.categories
  const ranges = list(props.priceRanges).flatMap((range) => (record(range) ? [record(range)!] : []))
  const currentRange = `${listing.min ?? ''}-${listing.max ?? ''}`
  const rangeLabel = (min?: number, max?: number) =>
    min !== undefined && max !== undefined
      ? `${formatCents(min, context.currency)} – ${formatCents(max, context.currency)}`
      : min !== undefined
        ? `≥ ${formatCents(min, context.currency)}`
        : `≤ ${formatCents(max ?? 0, context.currency)}`
  return (
    <form
      className="ef-filter"
      method="get"
      action={`${context.base}${context.path}`}
      style={style(props.css)}
      data-island="productFilter"
    >
      {listing.q ? <input type="hidden" name="q" value={listing.q} /> : null}
      {fields.includes('categories') && categories.length ? (
        <label>
          <span>{say(locale, 'category')}</span>
          <select name="category" defaultValue={listing.category ?? ''}>
            <option value="">{say(locale, 'allCategories')}</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {fields.includes('price') && ranges.length ? (
        <label>
          <span>{say(locale, 'price')}</span>
          <select name="price" defaultValue={currentRange === '-' ? '' : currentRange}>
            <option value="">{say(locale, 'anyPrice')}</option>
            {ranges.map((range, index) => {
              const min = typeof range.min === 'number' ? range.min : undefined
              const max = typeof range.max === 'number' ? range.max : undefined
              return (
                <option key={index} value={`${min ?? ''}-${max ?? ''}`}>
                  {rangeLabel(min, max)}
                </option>
              )
            })}
          </select>
        </label>
      ) : null}
      {fields.includes('sort') ? (
        <label>
          <span>{say(locale, 'sort')}</span>
          <select name="sort" defaultValue={listing.sort ?? 'newest'}>
            {listingSorts.map((sort) => (
              <option key={sort} value={sort}>
                {say(locale, sortLabels[sort])}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit" className="ef-btn ef-btn--outlined ef-btn--small" data-filter-apply>
        {say(locale, 'apply')}
      </button>
    </form>
  )
}
