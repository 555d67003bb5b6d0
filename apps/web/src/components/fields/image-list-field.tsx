import { Stack, Typography } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { ImagePicker } from '../media/media-picker'
import type { FieldDef, FieldProps } from './field-types'

/**
 * An ordered list of images (a product's pictures): one picker per image, clearing one removes it,
 * and an empty picker at the end adds the next. Loaded lazily with the media pickers.
 */
export const ImageListInput = (props: FieldProps) => {
  const { t } = useListT()
  const { field, value, onChange, testId } = props
  const images = (Array.isArray(value) ? value : []) as unknown[]
  const one: FieldDef = { name: field.name, label: field.label, type: 'image', mini: false }
  const pickerProps = { ...props, field: one }
  return (
    <Stack spacing={0.5} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', '& .MuiTypography-root': { display: 'none' } }}>
        {images.map((image, index) => (
          <ImagePicker
            key={index}
            {...pickerProps}
            value={image}
            onChange={(next) =>
              onChange(next ? images.map((old, i) => (i === index ? next : old)) : images.filter((_, i) => i !== index))
            }
            testId={`${testId}-${index}`}
          />
        ))}
        <ImagePicker
          {...pickerProps}
          value={null}
          onChange={(next) => next && onChange([...images, next])}
          testId={`${testId}-add`}
        />
      </Stack>
    </Stack>
  )
}
