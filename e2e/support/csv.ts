// CSV files as the export writes them and a merchant edits them (RFC 4180).

/** RFC 4180 rows of a CSV file (quoted fields may hold commas, line breaks and doubled quotes). */
export const csvRows = (text: string): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (quoted && c === '"' && body[i + 1] === '"') {
      field += '"'
      i++
    } else if (c === '"') quoted = !quoted
    else if (quoted || (c !== ',' && c !== '\r' && c !== '\n')) field += c
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n') {
      rows.push([...row, field])
      row = []
      field = ''
    }
  }
  if (field || row.length) rows.push([...row, field])
  return rows
}

export const csvText = (rows: string[][]) =>
  rows.map((row) => row.map((cell) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\r\n')
