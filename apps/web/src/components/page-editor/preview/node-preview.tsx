import { useMemo, type CSSProperties, type ReactElement, type ReactNode } from 'react'
import { baseCss, RenderNodes, renderContext, ThemeContextProvider, themeRenderers, themeVariables } from '@emporia/theme'
import { isExpression, pathOf, pickTran, resolvePage, type PageNode, type ResolvedNode, type ThemeColors } from '@emporia/shared'
import { currentLanguage } from '../../../lib/i18n/i18n'
import { usePreviewEnv, type PreviewEnv } from './preview-env'

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
}

const Slot = ({ slots, name }: { slots: PreviewSlots; name: string }) => {
  const Zone = slots[name]
  return Zone ? <>{Zone({ minEmptyHeight: 48 })}</> : null
}

const outline: CSSProperties = { outline: '1px dashed #b0bec5', outlineOffset: -1, padding: 4, minHeight: 24 }
const Caption = ({ text }: { text: string }) => <small style={{ color: '#78909c', fontSize: 10, display: 'block' }}>{text}</small>

const find = (nodes: readonly ResolvedNode[], id: string): ResolvedNode | undefined => {
  for (const node of nodes) {
    if (node.key === id || node.key.endsWith(`/${id}`)) return node
    const inner = find(node.children, id)
    if (inner) return inner
  }
  return undefined
}

/**
 * One node resolved as the storefront would (shared `resolvePage`): inside its enclosing loops, each
 * cut to its first item so `$$0` reads real data; its children are the canvas's own (drop zones).
 */
const resolveOne = (env: PreviewEnv, node: PageNode): ResolvedNode | undefined => {
  // A loop keeps its children: the canvas shows every item, as the storefront does.
  const own: PageNode = node.type === 'component' || node.type === 'for' ? node : { ...node, children: undefined }
  const loops = (env.ancestors.get(node.id) ?? []).filter((ancestor) => ancestor.type === 'for')
  const wrap = (cut: boolean) =>
    loops.reduceRight<PageNode>(
      (inner, loop) => ({ ...loop, props: { ...loop.props, ...(cut ? { limit: 1 } : {}) }, children: [inner] }),
      own
    )
  const options = { locale: env.locale, fetched: env.fetched, pages: env.pages, components: env.components, maxNodes: 500 }
  const run = (content: PageNode[]) => find(resolvePage({ ...env.model, content }, options).nodes, node.id)
  // An empty loop shows nothing on the storefront; the canvas still shows the node, without loop data.
  return run([wrap(true)]) ?? (loops.length ? run([own]) : undefined)
}

const textOf = (value: unknown): string =>
  isExpression(value) ? `{${pathOf(value) ?? 'data'}}` : pickTran(value, currentLanguage())

/** The outline preview: used where the theme has no renderer or the node does not resolve. */
const OutlineNode = ({ type, label, props, slots }: PreviewNodeInput) => (
  <div data-type={type} style={outline}>
    <Caption text={label ?? type} />
    {'text' in props ? <div>{textOf(props.text)}</div> : null}
    <Slot slots={slots} name="main" />
  </div>
)

const NodePreview = (input: PreviewNodeInput) => {
  const env = usePreviewEnv()
  const { id, type, label, slots } = input
  const node = useMemo(() => {
    if (!env) return undefined
    const above = env.ancestors.get(id)
    const parent = above?.at(-1)
    const stored = (parent ? parent.children : env.model.content)?.find((candidate) => candidate.id === id)
    return stored && resolveOne(env, stored)
  }, [env, id])
  // A loop as the storefront lists it (decision 0163): its first item is the drop zone the merchant
  // edits, the other items follow as they will show (not editable); outlined, under its caption (the
  // loop's own place to click).
  if (type === 'for') {
    const others = node ? node.children.filter((child) => !child.key.startsWith(`${node.key}[0]/`)) : []
    return (
      <div data-type={type} style={outline}>
        <Caption text={`for ${textOf(input.props.source)}`} />
        <Slot slots={slots} name="main" />
        {others.length ? (
          <div inert data-testid="canvas-loop-items" style={{ display: 'contents' }}>
            <RenderNodes nodes={others} />
          </div>
        ) : null}
      </div>
    )
  }
  // Conditions: both drop zones, outlined (the branch that holds is the storefront's to pick).
  if (type === 'if')
    return (
      <div data-type={type} style={outline}>
        <Caption text="if" />
        <Slot slots={slots} name="main" />
        <Caption text="else" />
        <Slot slots={slots} name="else" />
      </div>
    )
  if (!node) return <OutlineNode {...input} />
  if (type === 'component')
    return (
      <div data-type={type} title={label}>
        <RenderNodes nodes={[node]} />
      </div>
    )
  const Renderer = themeRenderers[type as keyof typeof themeRenderers]
  if (!Renderer) return <OutlineNode {...input} />
  return (
    <Renderer props={node.props} nodeKey={node.key}>
      {slots.main ? <Slot slots={slots} name="main" /> : undefined}
    </Renderer>
  )
}

/**
 * The canvas's rendering of one node: the storefront's own components (`@emporia/theme`) fed by
 * `resolvePage` with the editor's fetched data, so the canvas looks as the published page will.
 */
export const renderNodePreview = (input: PreviewNodeInput): ReactElement => <NodePreview {...input} />

const UNSAFE = 'script,style,iframe,object,embed,link,meta,base,form'
/**
 * Rich text on the canvas: the server cleans it on save (decision 0107); an unsaved draft is cleaned
 * here of what could run or load (scripts, frames, event handlers, `javascript:` links).
 */
const previewSanitize = (html: string) => {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  doc.querySelectorAll(UNSAFE).forEach((element) => element.remove())
  for (const element of doc.body.querySelectorAll('*'))
    for (const attribute of [...element.attributes])
      if (/^on/i.test(attribute.name) || /^\s*(javascript|data|vbscript):/i.test(attribute.value))
        element.removeAttribute(attribute.name)
  return doc.body.innerHTML
}

/**
 * A long page's nodes out of view are neither laid out nor painted while the merchant drags (a drag
 * re-measures the canvas on every move); each keeps its last size, so the scroll height stays put.
 */
const CANVAS_CSS = '[data-testid="page-canvas"] [data-puck-component]{content-visibility:auto;contain-intrinsic-size:auto 48px}'

/**
 * The canvas's page (decision 0163): the storefront's style sheet, the theme's variables, header and
 * footer, and the page inside the storefront's `main`, with the render context the storefront gives.
 */
export const PreviewFrame = ({ colors, font, children }: { colors?: ThemeColors; font?: string; children?: ReactNode }) => {
  const frame = usePreviewEnv()?.frame
  const context = useMemo(
    () => renderContext({ locale: currentLanguage(), ...frame?.context, sanitizeHtml: previewSanitize }),
    [frame?.context]
  )
  return (
    <ThemeContextProvider value={context}>
      <style>{`${baseCss}${frame?.variables ?? themeVariables(colors, font)}${CANVAS_CSS}`}</style>
      {frame?.top.length ? (
        <div inert data-testid="canvas-chrome-top">
          <RenderNodes nodes={frame.top} />
        </div>
      ) : null}
      <main className="ef-main" data-testid="page-canvas">
        {children}
      </main>
      {frame?.bottom.length ? (
        <div inert data-testid="canvas-chrome-bottom">
          <RenderNodes nodes={frame.bottom} />
        </div>
      ) : null}
    </ThemeContextProvider>
  )
}
