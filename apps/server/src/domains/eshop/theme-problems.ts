import { parseColor, themeComponentSpec, valueProblems, type PageModelProblem } from '@emporia/shared'

type Row = Record<string, unknown>
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)
/** Theme options are constants: no data variable is in scope, so an expression reads an unknown one. */
const NO_SCOPE = { data: {}, loops: [] }

/**
 * What is wrong with a theme beyond its schema's shape (decision 0107): colours that §5.6's colour field
 * would not store, menus and the header's and footer's props by the rules a header or footer placed on
 * a page obeys (`valueProblems`, as `componentProblems` checks a `menuItems` prop).
 */
export const themeProblems = (theme: Row): PageModelProblem[] => {
  const problems: PageModelProblem[] = []
  const report = (path: string, key: string, values?: Record<string, string | number>) =>
    problems.push(values ? { path, key, values } : { path, key })
  for (const [key, value] of Object.entries(isRecord(theme.colors) ? theme.colors : {}))
    if (typeof value !== 'string' || !parseColor(value)) report(`colors.${key}`, 'pages.badColor')
  for (const menu of ['headerMenu', 'footerMenu'] as const)
    if (theme[menu] !== undefined && theme[menu] !== null)
      valueProblems({ type: 'menuItems' }, theme[menu], NO_SCOPE, menu, report)
  for (const part of ['header', 'footer'] as const) {
    const props = theme[part]
    if (!isRecord(props)) continue
    const spec = themeComponentSpec(part)!
    for (const [name, value] of Object.entries(props)) {
      const prop = Object.hasOwn(spec.props, name) ? spec.props[name] : undefined
      if (!prop) report(`${part}.${name}`, 'format.unknownField')
      else valueProblems(prop, value, NO_SCOPE, `${part}.${name}`, report)
    }
  }
  return problems
}
