import type { ComponentConfig, Config, CustomField, Fields, SlotComponent } from '@puckeditor/core'
import { propApplies, themeComponentNames, themeComponentSpec, type PropSpec, type ThemeComponentSpec } from '@emporia/shared'
import { PropField } from '../prop-field'
import { PreviewFrame, renderNodePreview, type PreviewSlots } from '../preview/node-preview'
import { DeclaredPropsEditor, VariablesEditor } from '../variables-editor'
import { FieldWidget } from '../widgets/field-widget'
import { COMPONENT_PREFIX, PROP_PREFIX, propKey, SLOT_PREFIX, slotKey, slotsOf } from './puck-data'
import { rootVariables, type PuckRootProps } from './root-props'
import { useFieldProblems } from '../field-problems'
import { useNodeScope, usePuckDispatch, useSelectedNodeId } from './use-node-scope'

/** A stored component a page can place: its name and the props it declares. */
export interface PlaceableComponent {
  _id: string
  name: string
  props: Record<string, { type: string; default?: unknown }>
}

/** One prop of the selected node, in Puck's fields panel: our widget, in the node's scope. */
const NodePropField = ({
  name,
  label,
  spec,
  value,
  onChange
}: {
  name: string
  label: string
  spec: PropSpec
  value: unknown
  onChange: (value: unknown) => void
}) => {
  const scope = useNodeScope()
  const dispatch = usePuckDispatch()
  // A refused save's message for this prop of the selected node (until the prop is changed).
  const selected = useSelectedNodeId()
  const problems = useFieldProblems()
  const problem = selected ? problems[selected]?.[name] : undefined
  // "New variable": a data variable of the prop's type joins the component's root settings (its value the type's default).
  const onNewVariable = (variable: string, type: string) =>
    dispatch({
      type: 'setData',
      data: (previous) => {
        const root = rootVariables(previous.root)
        const props: PuckRootProps = {
          name: root.name,
          declared: root.declared,
          variables: {
            dataType: { ...root.dataType, [variable]: type },
            data: { ...root.data, [variable]: (spec.default ?? null) as never }
          }
        }
        // Puck types its root's props as its own default (`title`); ours ride there as data.
        return { root: { ...previous.root, props: props as { title?: string } } }
      }
    })
  return (
    <PropField
      name={name}
      label={label}
      spec={spec}
      value={value}
      onChange={onChange}
      scope={scope}
      onNewVariable={onNewVariable}
      error={problem}
      testId={`prop-${name}`}
    />
  )
}

/** The editor's words for blocks, their settings and the block groups: a key's text, or undefined when there is none. */
export type EditorWords = (key: string) => string | undefined

const propField = (name: string, spec: PropSpec, words: EditorWords): CustomField<unknown> => {
  // A setting by its name in the interface's language ("對齊", not "align"); the stored name otherwise.
  const label = words(`pe.prop.${name}`) ?? name
  return {
    type: 'custom',
    label,
    render: ({ value, onChange }) => <NodePropField name={name} label={label} spec={spec} value={value} onChange={onChange} />
  }
}

const fieldsOf = (type: string, props: Record<string, PropSpec>, words: EditorWords): Fields => {
  const fields: Fields = {}
  for (const [name, spec] of Object.entries(props)) fields[propKey(name)] = propField(name, spec, words)
  for (const slot of slotsOf(type)) fields[slotKey(slot)] = { type: 'slot' }
  return fields
}

const defaultsOf = (type: string, props: Record<string, PropSpec>) => {
  const defaults: Record<string, unknown> = {}
  for (const [name, spec] of Object.entries(props)) if (spec.default !== undefined) defaults[propKey(name)] = spec.default
  for (const slot of slotsOf(type)) defaults[slotKey(slot)] = []
  return defaults
}

/** Our props of a Puck item (prefix dropped), and its slots as render functions. */
const split = (props: Record<string, unknown>) => {
  const ours: Record<string, unknown> = {}
  const slots: PreviewSlots = {}
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith(PROP_PREFIX)) ours[key.slice(PROP_PREFIX.length)] = value
    else if (key.startsWith(SLOT_PREFIX)) slots[key.slice(SLOT_PREFIX.length)] = value as SlotComponent
  }
  return { ours, slots }
}

const themeConfig = (type: string, spec: ThemeComponentSpec, words: EditorWords): ComponentConfig => {
  const conditional = Object.values(spec.props).some((prop) => prop.when)
  return {
    // A block by what it is to a merchant ("重複項目", not "for").
    label: words(`pe.block.${type}`) ?? type,
    fields: fieldsOf(type, spec.props, words),
    defaultProps: defaultsOf(type, spec.props),
    // Per-type props (menuItem's): a prop shows only while the props it depends on allow it (§3.15).
    ...(conditional
      ? {
          resolveFields: (data, { fields }) => {
            const { ours } = split(data.props as Record<string, unknown>)
            return Object.fromEntries(
              Object.entries(fields).filter(
                ([key]) => !key.startsWith(PROP_PREFIX) || propApplies(spec.props[key.slice(PROP_PREFIX.length)], ours)
              )
            )
          }
        }
      : {}),
    render: ({ id, puck: _puck, ...props }) => {
      const { ours, slots } = split(props)
      return renderNodePreview({ id, type, props: ours, slots })
    }
  }
}

const storedConfig = (component: PlaceableComponent, words: EditorWords): ComponentConfig => {
  const props: Record<string, PropSpec> = Object.fromEntries(
    Object.entries(component.props).map(([name, prop]) => [name, { type: prop.type, default: prop.default }])
  )
  return {
    label: component.name,
    fields: fieldsOf('component', props, words),
    defaultProps: defaultsOf('component', props),
    // Puck's own `puck` prop is not ours.
    render: ({ id, puck: _puck, ...rest }) =>
      renderNodePreview({
        id,
        type: 'component',
        component: component._id,
        label: component.name,
        props: split(rest).ours,
        slots: {}
      })
  }
}

/**
 * Puck's configuration generated from the catalogue (decision 0106): every theme component with its
 * props as our widgets (custom fields) and its slots, the shop's stored components to place, and the
 * root carrying the component's own settings (name, data variables, declared props).
 */
export const buildPuckConfig = (
  placeable: readonly PlaceableComponent[],
  labels: { name: string; variables: string; declared: string; words?: EditorWords }
): Config => {
  const words: EditorWords = labels.words ?? (() => undefined)
  const components: Config['components'] = {}
  for (const type of themeComponentNames) components[type] = themeConfig(type, themeComponentSpec(type)!, words)
  for (const component of placeable) components[`${COMPONENT_PREFIX}${component._id}`] = storedConfig(component, words)
  const group = (name: string, fallback: string) => words(`pe.category.${name}`) ?? fallback
  return {
    components,
    categories: {
      layout: {
        title: group('layout', 'Layout'),
        components: ['layout', 'container', 'flex', 'tab', 'header', 'footer', 'drawer']
      },
      content: {
        title: group('content', 'Content'),
        components: ['text', 'button', 'link', 'imageButton', 'slider', 'video', 'html', 'menuItem', 'sitePath']
      },
      data: { title: group('data', 'Data'), components: ['for', 'if', 'productFilter', 'attributes', 'skuPicker', 'numPicker'] },
      other: {
        title: group('other', 'Components'),
        components: placeable.map((component) => `${COMPONENT_PREFIX}${component._id}`)
      }
    },
    root: {
      fields: {
        name: {
          type: 'custom',
          label: labels.name,
          render: ({ value, onChange }) => (
            <FieldWidget
              type="text"
              label={labels.name}
              value={value ?? ''}
              onChange={(next) => onChange(String(next ?? ''))}
              testId="component-name"
            />
          )
        },
        variables: {
          type: 'custom',
          label: labels.variables,
          render: ({ value, onChange }) => <VariablesEditor value={value} onChange={onChange} testId="component-variables" />
        },
        declared: {
          type: 'custom',
          label: labels.declared,
          render: ({ value, onChange }) => <DeclaredPropsEditor value={value} onChange={onChange} testId="component-props" />
        }
      },
      render: ({ children }: { children?: React.ReactNode }) => <PreviewFrame>{children}</PreviewFrame>
    }
  }
}
