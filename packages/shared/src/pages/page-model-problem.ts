/** One thing wrong with a component, at a dotted path of the stored record (`content.0.props.text`). */
export interface PageModelProblem {
  path: string
  key: string
  values?: Record<string, string | number>
}
