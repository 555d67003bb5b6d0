import type { ComponentModel, PageNode } from '@emporia/shared'

/** A stored component's data with just a tree (and the variables a test gives it). */
export const componentOf = (
  name: string,
  content: PageNode[],
  more: Partial<ComponentModel> = {}
): ComponentModel & { name: string } => ({
  name,
  dataType: {},
  data: {},
  props: {},
  content,
  ...more
})

/** A text node. */
export const text = (id: string, value: unknown = 'Hello'): PageNode => ({ id, type: 'text', props: { text: value } })

/** A node placing a stored component. */
export const placed = (id: string, component: string, props: Record<string, unknown> = {}): PageNode => ({
  id,
  type: 'component',
  component,
  props
})

/** An `html` node (rich text). */
export const html = (id: string, value: unknown): PageNode => ({ id, type: 'html', props: { html: value } })

/** A refusal's field errors as `field key` lines, the shape the web's `refusedFields` reads. */
export const fields = (body: Record<string, unknown> | undefined) =>
  ((body?.errors ?? []) as { field: string; key: string }[]).map((e) => `${e.field} ${e.key}`)
