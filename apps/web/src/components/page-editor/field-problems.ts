import { createContext, useContext } from 'react'
import type { PageNode } from '@emporia/shared'

/** A refused save's problem (`componentProblems` on the server), translated, with the node and prop it names. */
export interface PlacedProblem {
  path: string
  text: string
  /** The node the path walks to (`content.1.children.0…`), when it names one. */
  node?: string
  /** The node's prop (`….props.to`), when it names one. */
  prop?: string
  /** The prop's value as sent: the message stays on the field until the merchant changes it. */
  sent?: string
}

/**
 * Which node and prop a problem's path names, in the content that was sent: `content.<i>` then any
 * `children.<j>`, then `props.<name>` (anything deeper, `css.padding`, stays on that prop's field).
 */
export const placeProblem = (content: readonly PageNode[], path: string): Pick<PlacedProblem, 'node' | 'prop' | 'sent'> => {
  const parts = path.split('.')
  if (parts[0] !== 'content') return {}
  let nodes = content
  let node: PageNode | undefined
  let at = 1
  while (at < parts.length) {
    const index = Number(parts[at])
    if (!Number.isInteger(index) || !nodes[index]) break
    node = nodes[index]
    at += 1
    if (parts[at] !== 'children') break
    nodes = node.children ?? []
    at += 1
  }
  if (!node) return {}
  const prop = parts[at] === 'props' ? parts[at + 1] : undefined
  if (!prop) return { node: node.id }
  return { node: node.id, prop, sent: JSON.stringify(node.props[prop] ?? null) }
}

export const findNode = (nodes: readonly PageNode[], id: string): PageNode | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node
    const inner = findNode(node.children ?? [], id)
    if (inner) return inner
  }
  return undefined
}

/** Messages by node id, then prop: those whose prop still holds the value that was refused. */
export type FieldProblems = Record<string, Record<string, string>>

const NONE: FieldProblems = {}

export const fieldProblemsOf = (problems: readonly PlacedProblem[], content: readonly PageNode[]): FieldProblems => {
  // The same object while there is nothing to show: every prop field reads this context, and a new
  // value on each edit would re-render them all.
  if (!problems.length) return NONE
  const fields: FieldProblems = {}
  for (const problem of problems) {
    if (!problem.node || !problem.prop) continue
    const node = findNode(content, problem.node)
    if (!node || JSON.stringify(node.props[problem.prop] ?? null) !== problem.sent) continue
    const props = (fields[problem.node] ??= {})
    props[problem.prop] = props[problem.prop] ? `${props[problem.prop]} · ${problem.text}` : problem.text
  }
  return fields
}

export const FieldProblemsContext = createContext<FieldProblems>({})
export const useFieldProblems = () => useContext(FieldProblemsContext)
