import type { CSSProperties, ReactElement, ReactNode } from 'react'
import { cssStyle, isExpression, pathOf, pickTran, type LocaleId } from '@emporia/shared'
import { currentLanguage } from '../../../lib/i18n/i18n'

/** A slot of a node as the canvas renders it: a drop zone holding its children. */
export type PreviewSlots = Record<
  string,
  (props?: { minEmptyHeight?: number; style?: CSSProperties; className?: string }) => ReactNode
>

export interface PreviewNodeInput {
  id: string
  type: string
  /** A placed stored component's id and name. */
  component?: string
  label?: string
  props: Record<string, unknown>
  slots: PreviewSlots
  /** The canvas's drag handle for the node's outer element. */
  dragRef: ((element: Element | null) => void) | null
}

const textOf = (value: unknown): string => {
  if (isExpression(value)) return `{${pathOf(value) ?? 'data'}}`
  return pickTran(value, currentLanguage() as LocaleId)
}

const FLEX: Record<string, (props: Record<string, unknown>) => CSSProperties> = {
  flex: (props) => ({
    display: 'flex',
    flexDirection: props.direction as CSSProperties['flexDirection'],
    flexWrap: props.wrap ? 'wrap' : 'nowrap',
    justifyContent: props.justify as string,
    alignItems: props.align as string,
    gap: typeof props.gap === 'string' ? props.gap : undefined
  })
}

const Slot = ({ slots, name, style }: { slots: PreviewSlots; name: string; style?: CSSProperties }) => {
  const Zone = slots[name]
  return Zone ? <>{Zone({ minEmptyHeight: 48, style })}</> : null
}

/**
 * The outline preview: each node as a labelled box, texts shown (linked ones as `{path}`), containers
 * holding their drop zones. It stands behind this one function until the storefront's own components
 * (`@emporia/theme`) render the canvas (decision 0111).
 */
export const renderNodePreview = ({ id, type, label, props, slots, dragRef }: PreviewNodeInput): ReactElement => {
  const style: CSSProperties = { ...(isExpression(props.css) ? {} : cssStyle(props.css)), ...(FLEX[type]?.(props) ?? {}) }
  const summary =
    'text' in props
      ? textOf(props.text)
      : type === 'html'
        ? String(props.html ?? '')
            .replace(/<[^>]*>/g, ' ')
            .slice(0, 80)
        : ''
  const outline: CSSProperties = {
    outline: '1px dashed #b0bec5',
    outlineOffset: -1,
    padding: 4,
    minHeight: 24,
    position: 'relative'
  }
  const caption = <small style={{ color: '#78909c', fontSize: 10, display: 'block' }}>{label ?? type}</small>
  if (type === 'if')
    return (
      <div ref={dragRef} data-node={id} data-type={type} style={outline}>
        {caption}
        <Slot slots={slots} name="main" />
        <small style={{ color: '#78909c', fontSize: 10 }}>else</small>
        <Slot slots={slots} name="else" />
      </div>
    )
  return (
    <div ref={dragRef} data-node={id} data-type={type} style={outline}>
      {caption}
      {summary ? <div style={style}>{summary}</div> : null}
      {slots.main ? <Slot slots={slots} name="main" style={style} /> : null}
    </div>
  )
}
