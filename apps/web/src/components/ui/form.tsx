import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import {
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  Stack,
  Typography
} from '@mui/material'
import { errorMessage } from '../../lib/errors'
import { notifyError } from '../../lib/notify'

/** A form that runs `onSubmit` once at a time and puts any failure in the error snackbar (spec §8.2). */
export const useSubmit = (onSubmit: () => Promise<void>) => {
  const [busy, setBusy] = useState(false)
  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      await onSubmit()
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return { busy, submit }
}

export const FormTitle = ({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) => (
  <Box sx={{ mb: 3 }}>
    <Typography variant="h5" component="h1" data-testid="form-title">
      {children}
    </Typography>
    {subtitle && (
      <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="form-subtitle">
        {subtitle}
      </Typography>
    )}
  </Box>
)

interface FormProps {
  onSubmit: (event: FormEvent) => void
  children: ReactNode
  testId?: string
}

export const Form = ({ onSubmit, children, testId }: FormProps) => (
  <Box component="form" noValidate onSubmit={onSubmit} data-testid={testId}>
    <Stack spacing={2}>{children}</Stack>
  </Box>
)

interface FieldProps {
  label: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  /** The check's message; shown only once `shown` (after the first submit attempt). */
  error?: string
  shown: boolean
  type?: string
  autoComplete?: string
  autoFocus?: boolean
  inputMode?: 'numeric' | 'text' | 'email'
  testId?: string
}

/**
 * An outlined text field. Built from the input parts rather than MUI's TextField, which also
 * bundles Select, Menu and Popover (about 20 KB gzip) into every page with a form.
 */
export const Field = ({ label, error, shown, testId, inputMode, ...input }: FieldProps) => {
  const id = useId()
  const invalid = shown && Boolean(error)
  return (
    <FormControl fullWidth variant="outlined" error={invalid}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        {...input}
        inputProps={{ 'data-testid': testId, inputMode, 'aria-describedby': invalid ? `${id}-error` : undefined }}
      />
      {invalid && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  )
}

export const SubmitButton = ({ busy, children, testId }: { busy: boolean; children: ReactNode; testId?: string }) => (
  <Button
    type="submit"
    variant="contained"
    size="large"
    disabled={busy}
    data-testid={testId}
    startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
  >
    {children}
  </Button>
)
