import { Alert, Link } from '@mui/material'
import type { PageNode } from '@emporia/shared'
import { findNode, type PlacedProblem } from '../../components/page-editor/field-problems'
import { useListT } from '../../lib/i18n/lists'

/**
 * A refused save's problems above the canvas: the summary. Each one naming a node leads to it (selected,
 * its fields show with the message on the refused prop); the others show their path.
 */
export const DesignerProblems = ({
  problems,
  content,
  onSelect,
  onClose
}: {
  problems: readonly PlacedProblem[]
  content: readonly PageNode[]
  onSelect: (node: string) => void
  onClose: () => void
}) => {
  const { t } = useListT()
  if (!problems.length) return null
  return (
    <Alert severity="error" onClose={onClose} data-testid="designer-problems">
      {t('pe.problems')}
      <ul style={{ margin: 0 }}>
        {problems.map((problem, index) => {
          const node = problem.node ? findNode(content, problem.node) : undefined
          return (
            <li key={index} data-path={problem.path} data-testid={`designer-problem-${index}`}>
              {node ? (
                <Link
                  component="button"
                  color="inherit"
                  onClick={() => onSelect(node.id)}
                  sx={{ verticalAlign: 'baseline', mr: 0.5 }}
                >
                  {problem.prop ? `${node.type} › ${problem.prop}:` : `${node.type}:`}
                </Link>
              ) : problem.path ? (
                `${problem.path}: `
              ) : null}
              {problem.text}
            </li>
          )
        })}
      </ul>
    </Alert>
  )
}
