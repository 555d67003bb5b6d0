import { createElement, type CSSProperties, type ReactNode } from 'react'
import { useRenderContext } from './context'
import { flag, link, linkProps, style, text } from './props'

type Props = { props: Record<string, unknown>; children?: ReactNode }
const TAGS = new Set(['p', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

/** The page's frame: background and the width content keeps to. */
export const Layout = ({ props, children }: Props) => {
  const own: CSSProperties = {}
  if (text(props.background)) own.background = text(props.background)
  if (text(props.maxWidth) && text(props.maxWidth) !== 'auto') own.maxWidth = text(props.maxWidth)
  return (
    <div className={flag(props.dark) ? 'ef-layout ef-dark' : 'ef-layout'} style={style(props.css, own)}>
      {children}
    </div>
  )
}

/** Text in its tag; React escapes it (markup in a text prop is shown, never run). */
export const Text = ({ props }: Props) => {
  const tag = TAGS.has(text(props.tag)) ? text(props.tag) : 'p'
  return createElement(tag, { className: `ef-text ef-text--${tag}`, style: style(props.css) }, text(props.text))
}

export const Button = ({ props }: Props) => {
  const to = link(props.to)
  const own: CSSProperties = {}
  const color = text(props.color)
  if (color) (own as Record<string, string>)['--ef-button'] = color
  const className = [
    'ef-btn',
    `ef-btn--${text(props.variant, 'contained')}`,
    `ef-btn--${text(props.size, 'medium')}`,
    flag(props.block) && 'ef-btn--block'
  ]
    .filter(Boolean)
    .join(' ')
  return to ? (
    <a className={className} style={style(props.css, own)} {...linkProps(to)}>
      {text(props.text)}
    </a>
  ) : (
    <button type="button" className={className} style={style(props.css, own)}>
      {text(props.text)}
    </button>
  )
}

/** A link around its text and children; without a safe target, the content alone. */
export const Link = ({ props, children }: Props) => {
  const to = link(props.to)
  const content = (
    <>
      {text(props.text)}
      {children}
    </>
  )
  return to ? (
    <a className="ef-link" style={style(props.css)} {...linkProps(to)}>
      {content}
    </a>
  ) : (
    <span className="ef-link" style={style(props.css)}>
      {content}
    </span>
  )
}

export const Container = ({ props, children }: Props) => (
  <div className="ef-container" style={style(props.css)}>
    {children}
  </div>
)

export const Flex = ({ props, children }: Props) => (
  <div
    className="ef-flex"
    style={style(props.css, {
      display: 'flex',
      flexDirection: text(props.direction, 'row') as CSSProperties['flexDirection'],
      flexWrap: flag(props.wrap) ? 'wrap' : 'nowrap',
      justifyContent: text(props.justify, 'flex-start'),
      alignItems: text(props.align, 'stretch'),
      gap: text(props.gap, '0px')
    })}
  >
    {children}
  </div>
)

/** Rich text, cleaned by the context's sanitizer (the server's allowlist; text only by default). */
export const Html = ({ props }: Props) => {
  const { sanitizeHtml } = useRenderContext()
  return <div className="ef-html" style={style(props.css)} dangerouslySetInnerHTML={{ __html: sanitizeHtml(text(props.html)) }} />
}
