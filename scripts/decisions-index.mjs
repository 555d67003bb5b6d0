// Writes docs/decisions/README.md, the index of the decision records, from the records themselves:
// each record's number and title (its first line), its status (the word(s) before the first bracket
// of its "Status:" paragraph) and the records it amends or replaces (named in that paragraph as
// "Amends 0040", "amends 0009 … and 0020", "replaces …", "supersedes …"). "Amended by" is the reverse.
// `--check` only compares (lint runs it): a record added without a fresh index fails the check.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions')
const indexFile = path.join(dir, 'README.md')

const records = readdirSync(dir)
  .filter((name) => /^\d{4}-.*\.md$/.test(name))
  .sort()
  .map((file) => {
    const text = readFileSync(path.join(dir, file), 'utf8')
    const number = file.slice(0, 4)
    const title = (text.split('\n')[0] ?? '').replace(/^#\s*\d{4}\s*[—–-]\s*/, '').trim()
    // The status paragraph: from "Status:" to the first blank line.
    const match = /(?:^|\n)Status:([\s\S]*?)(?:\n\s*\n|$)/.exec(text)
    const paragraph = (match?.[1] ?? '').replace(/\s+/g, ' ').trim()
    const status = (paragraph.split(/[(.;—]/)[0] ?? '').trim() || 'unknown'
    // Only the clause after "amends/replaces/supersedes" names records this one changes; "amended by" is
    // written by the older record and recomputed here from the newer one.
    const changes = new Set()
    for (const clause of paragraph.matchAll(/\b(?:amends|replaces|supersedes)\b([^.]*)/gi))
      for (const ref of clause[1].matchAll(/\b(\d{4})\b/g)) if (ref[1] !== number) changes.add(ref[1])
    return { file, number, title, status, amends: [...changes].sort() }
  })

const numbers = new Set(records.map((record) => record.number))
const amendedBy = new Map()
for (const record of records)
  for (const older of record.amends)
    if (numbers.has(older)) amendedBy.set(older, [...(amendedBy.get(older) ?? []), record.number])

const link = (number) => {
  const target = records.find((record) => record.number === number)
  return target ? `[${number}](${target.file})` : number
}
const cell = (text) => text.replace(/\|/g, '\\|')

const lines = [
  '# Decision records',
  '',
  'Why Emporia is built the way it is, one record a decision: context, decision, consequences, status.',
  'Written when the spec is silent or a design changes (CONTRIBUTING.md). A later record that changes an',
  'earlier one says "Amends NNNN" in its status line; this index shows both directions.',
  '',
  'This file is generated from the records by `node scripts/decisions-index.mjs` (lint checks it is current).',
  '',
  '| record | decision | status | amends | amended by |',
  '|---|---|---|---|---|',
  ...records.map(
    (record) =>
      `| ${link(record.number)} | ${cell(record.title)} | ${cell(record.status)} | ${record.amends.map(link).join(', ')} | ${(amendedBy.get(record.number) ?? []).map(link).join(', ')} |`
  ),
  ''
]
const index = lines.join('\n')

if (process.argv.includes('--check')) {
  const current = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : ''
  if (current !== index) {
    console.error('docs/decisions/README.md is not current: run `node scripts/decisions-index.mjs`')
    process.exit(1)
  }
} else {
  writeFileSync(indexFile, index)
  console.log(`docs/decisions/README.md: ${records.length} records`)
}
