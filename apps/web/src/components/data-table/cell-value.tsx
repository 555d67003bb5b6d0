import type { LocaleId } from '@emporia/shared'
import { Link } from '@mui/material'
import { formatDate, formatDateTime, formatMoney } from '../../lib/format'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { listT, listTAny } from '../../lib/i18n/lists'
import type { Row } from '../../lib/resource-client'
import { AppLink } from '../ui/app-link'
import type { ColumnDef } from './resource'

/** A dotted path into a record (`name.en`, `address.city`). */
export const valueAt = (row: Row, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Row)[key] : undefined), row)

/** The text of a cell, as shown and as exported. */
export const cellText = (column: ColumnDef, row: Row, language: LocaleId, lookups?: Map<string, Row>): string => {
  let value = valueAt(row, column.value)
  if (column.lookup && typeof value === 'string') {
    const found = lookups?.get(value)
    value = found ? found[column.lookup.textField ?? 'name'] : ''
  }
  if (value === undefined || value === null) return ''
  if (column.enumList) {
    const key = column.enumList[String(value)]
    return key ? listT(key) : String(value)
  }
  switch (column.kind) {
    case 'date':
      return formatDate(value as string, language)
    case 'datetime':
      return formatDateTime(value as string, language)
    case 'money':
      return formatMoney(value as number)
    case 'boolean':
      return listT(value ? 'table.yes' : 'table.no')
    default:
      return typeof value === 'object' ? resolveText(value as Translatable, language, listTAny) : String(value)
  }
}

/**
 * How a column is sized (decision 0071): numbers, amounts, dates, flags, images and labels take their
 * natural one-line width; free text, names and looked-up records share the rest and are cut when long.
 */
export const fitKind = (column: ColumnDef): 'content' | 'text' =>
  column.enumList || ['number', 'money', 'date', 'datetime', 'boolean', 'image'].includes(column.kind ?? 'text')
    ? 'content'
    : 'text'

interface CellProps {
  column: ColumnDef
  row: Row
  language: LocaleId
  lookups?: Map<string, Row>
}

export const CellValue = ({ column, row, language, lookups }: CellProps) => {
  if (column.render) return <>{column.render(row)}</>
  if (column.kind === 'image') {
    const image = valueAt(row, column.value) as { src?: string; thumb?: string; attachment?: string } | undefined
    const src = image?.thumb || (image?.attachment ? `/api/thumbs/${image.attachment}` : image?.src)
    return src ? <img src={src} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null
  }
  const text = cellText(column, row, language, lookups)
  const href = column.link?.(row)
  if (!href) return <>{text}</>
  // A link must not also toggle the row or open its editor.
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation()
  return /^https?:/.test(href) ? (
    <Link href={href} target="_blank" rel="noopener noreferrer" onClick={stop}>
      {text}
    </Link>
  ) : (
    <Link component={AppLink} href={href} onClick={stop}>
      {text}
    </Link>
  )
}
