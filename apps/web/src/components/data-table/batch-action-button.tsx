import { useState } from 'react'
import { Button, Menu, MenuItem } from '@mui/material'
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck'

/** A toolbar action on the selected rows: a button, or a button with a menu of choices. */
export interface ToolbarBatchAction {
  key: string
  label: string
  options?: { value: string; label: string }[]
  onRun: (option?: string) => void
}

export const BatchActionButton = ({ action }: { action: ToolbarBatchAction }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const testId = `table-batch-${action.key}`
  return (
    <>
      <Button
        startIcon={<PlaylistAddCheck />}
        onClick={(event) => (action.options ? setAnchor(event.currentTarget) : action.onRun())}
        data-testid={testId}
      >
        {action.label}
      </Button>
      {action.options && (
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {action.options.map((option) => (
            <MenuItem
              key={option.value}
              data-testid={`${testId}-${option.value}`}
              onClick={() => {
                setAnchor(null)
                action.onRun(option.value)
              }}
            >
              {option.label}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  )
}
