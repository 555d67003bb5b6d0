import type { ComponentModel } from '@emporia/shared'

/*
 * A stored component's own settings ride on Puck's root, so that Puck's history (undo/redo) covers them
 * with the tree: its name, its data variables (`dataType` and `data`) and its declared props.
 */

export interface RootVariables {
  dataType: ComponentModel['dataType']
  data: ComponentModel['data']
  declared: ComponentModel['props']
}

export interface PuckRootProps {
  name: string
  variables: { dataType: ComponentModel['dataType']; data: ComponentModel['data'] }
  declared: ComponentModel['props']
}

const record = <T>(value: unknown): Record<string, T> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, T>) : {}

/** The component's settings as Puck's root props. */
export const toRootProps = (model: Pick<ComponentModel, 'name' | 'dataType' | 'data' | 'props'>): PuckRootProps => ({
  name: model.name ?? '',
  variables: { dataType: model.dataType, data: model.data },
  declared: model.props
})

/** Puck's root (with or without its `props` level) back as the component's settings. */
export const rootVariables = (root: unknown): RootVariables & { name: string } => {
  const props = record<unknown>(record<unknown>(root).props ?? root)
  const variables = record<unknown>(props.variables)
  return {
    name: typeof props.name === 'string' ? props.name : '',
    dataType: record<string>(variables.dataType),
    data: record<ComponentModel['data'][string]>(variables.data),
    declared: record<ComponentModel['props'][string]>(props.declared)
  }
}
