import { useState } from 'react'
import {
  Box,
  Button,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Popover,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import Check from '@mui/icons-material/Check'
import ChevronRight from '@mui/icons-material/ChevronRight'
import ArrowBack from '@mui/icons-material/ArrowBack'
import {
  browseChoices,
  NEW_VARIABLE,
  variableChoices,
  VARIABLE_PATTERN,
  type TypeRef,
  type TypeScope,
  type VariableChoice
} from '@emporia/shared'
import { useListT } from '../../../lib/i18n/lists'
import { pathWords, stepWords } from '../path-words'
import { typeWords } from '../variables-editor'

const variableName = new RegExp(VARIABLE_PATTERN)

/**
 * The expression/variable picker (spec §2.10): "new variable" (`$new`), the component's data variables
 * and the enclosing loops' `$$0`, `$$1`, … (innermost first); objects and lists browse further; the tick
 * shows only where the type is assignable to the wanted one. Choosing links the prop (`{$exp: path}`).
 */
export const ExpressionPicker = ({
  scope,
  wanted,
  value,
  onPick,
  onNewVariable,
  testId
}: {
  scope: TypeScope
  wanted?: TypeRef
  /** The linked path, if any. */
  value?: string
  onPick: (path: string) => void
  /** "New variable": the editor adds a data variable of the wanted type, then links to it. */
  onNewVariable: (name: string) => void
  testId: string
}) => {
  const { t, tAny } = useListT()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [trail, setTrail] = useState<string[]>([])
  const [naming, setNaming] = useState<string | undefined>()
  const at = trail.at(-1)
  const choices: VariableChoice[] = at === undefined ? variableChoices(scope, wanted) : browseChoices(at, scope, wanted)
  const close = () => {
    setAnchor(null)
    setTrail([])
    setNaming(undefined)
  }
  const taken = (name: string) => Object.hasOwn(scope.data, name)
  return (
    <>
      <Button
        size="small"
        variant={value ? 'contained' : 'outlined'}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid={testId}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {value ? pathWords(value, tAny) : t('pe.exp.link')}
      </Button>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box sx={{ minWidth: 260, maxHeight: 360, overflow: 'auto' }} data-testid={`${testId}-popup`}>
          {at !== undefined ? (
            <Stack direction="row" sx={{ alignItems: 'center', px: 1 }}>
              <IconButton
                size="small"
                aria-label={t('pe.exp.back')}
                onClick={() => setTrail(trail.slice(0, -1))}
                data-testid={`${testId}-back`}
              >
                <ArrowBack fontSize="small" />
              </IconButton>
              <Typography variant="body2">{pathWords(at, tAny)}</Typography>
            </Stack>
          ) : null}
          {naming !== undefined ? (
            <Stack spacing={1} sx={{ p: 1.5 }}>
              <TextField
                autoFocus
                size="small"
                label={t('pe.exp.newName')}
                value={naming}
                error={naming !== '' && (!variableName.test(naming) || taken(naming))}
                helperText={naming !== '' && taken(naming) ? t('pe.exp.nameTaken') : undefined}
                onChange={(event) => setNaming(event.target.value)}
                slotProps={{ htmlInput: { 'data-testid': `${testId}-new-name` } }}
              />
              <Button
                variant="contained"
                size="small"
                disabled={!variableName.test(naming) || taken(naming)}
                onClick={() => {
                  onNewVariable(naming)
                  close()
                }}
                data-testid={`${testId}-new-create`}
              >
                {t('pe.ok')}
              </Button>
            </Stack>
          ) : (
            <List dense>
              {choices.map((choice) => (
                <ListItemButton
                  key={choice.path}
                  selected={choice.path === value}
                  data-testid={`${testId}-choice-${choice.path}`}
                  data-assignable={choice.assignable}
                  onClick={() => {
                    if (choice.path === NEW_VARIABLE) return setNaming('')
                    onPick(choice.path)
                    close()
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 28 }}>
                    {choice.assignable ? (
                      <Check fontSize="small" color="success" data-testid={`${testId}-tick-${choice.path}`} />
                    ) : null}
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      choice.path === NEW_VARIABLE
                        ? t('pe.exp.new')
                        : stepWords(choice.path.split('.').at(-1)!, tAny, !choice.path.includes('.'))
                    }
                    secondary={choice.type && typeWords(choice.type, tAny)}
                  />
                  {choice.browsable ? (
                    <IconButton
                      size="small"
                      edge="end"
                      aria-label={t('pe.exp.browse')}
                      data-testid={`${testId}-browse-${choice.path}`}
                      onClick={(event) => {
                        event.stopPropagation()
                        setTrail([...trail, choice.path])
                      }}
                    >
                      <ChevronRight fontSize="small" />
                    </IconButton>
                  ) : null}
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  )
}
