import { useRef, useState } from 'react'
import { Button, LinearProgress, Link, Stack, Typography } from '@mui/material'
import UploadFile from '@mui/icons-material/UploadFile'
import type { FieldProps } from '../../components/fields/field-types'
import { attachmentUrl, uploadFile } from '../../components/media/media-api'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'

/**
 * A bank transfer's payment slip (spec §3.11 reference): one image or PDF uploaded as an attachment
 * (spec §7.6); the payment stores the attachment's id.
 */
export const SlipInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | undefined>()
  const [name, setName] = useState('')
  const [failure, setFailure] = useState<string | undefined>()
  const pick = async (file: File | undefined) => {
    if (!file) return
    setFailure(undefined)
    setProgress(0)
    try {
      const attachment = await uploadFile(file, setProgress)
      setName(file.name)
      onChange(attachment._id)
    } catch (problem) {
      setFailure(errorMessage(problem))
    } finally {
      setProgress(undefined)
    }
  }
  const shown = failure ?? error
  return (
    <Stack spacing={0.5} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          onClick={() => input.current?.click()}
          data-testid={`${testId}-button`}
        >
          {t('pay.upload')}
        </Button>
        {typeof value === 'string' && value && (
          <Link href={attachmentUrl(value)} target="_blank" rel="noopener noreferrer" data-testid={`${testId}-file`}>
            {name || t('payment.slipLink')}
          </Link>
        )}
      </Stack>
      <input
        ref={input}
        type="file"
        accept="image/*,application/pdf"
        hidden
        data-testid={`${testId}-input`}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {progress !== undefined && <LinearProgress variant="determinate" value={progress * 100} />}
      {shown && (
        <Typography variant="caption" color="error" data-testid={`${testId}-error`}>
          {shown}
        </Typography>
      )}
    </Stack>
  )
}
