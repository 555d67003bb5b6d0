import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { StringDecoder } from 'node:string_decoder'
import { createGunzip } from 'node:zlib'
import type { Knex } from 'knex'
import tar from 'tar-stream'
import { ArchiveWriter } from '../../platform/backup/archive'
import { shopSecretNames, readShopSecret, writeShopSecrets, type ShopSecretName } from '../../platform/secrets/shop-secrets'
import { activeSecretsKeyring, type SecretsKeyring } from '../../platform/secrets/secrets-key'
import {
  NOT_EXPORTED,
  ROW_TEXT,
  RunningSum,
  migrationLevel,
  printInUtc,
  shopTables,
  tableSum,
  type TableSum
} from './shop-tables'

/*
 * One shop out of an installation and into another (decisions 0211, 0216). The archive is a `.tar.gz`
 * (tar-stream and zlib, as the whole-installation backup, decision 0210), written and read as streams:
 *   shop-export.json                    first: format, shop, migration level (an import refuses early)
 *   rows/<nnnn>-<table>/<nnnnnn>.ndjson one page of a table's rows, one per line, as the database prints
 *                                       them (to_jsonb text, ids kept), in the order of their md5; the
 *                                       tables in foreign-key order, so the import inserts as it reads
 *   secrets.json                        the shop's secrets re-sealed under the operator's passphrase
 *   files/media/<shop>/…, files/imports/<shop>/…   the shop's files, as they are
 *   manifest.json                       last: per-table counts and checksums, staff, secrets, files
 * Rows are never parsed into numbers on the way: a bigint stays exact, a timestamp keeps its text. Neither
 * side holds more than one page of rows (`batchSize`) or one chunk of a file at a time.
 */

/** 1: gzip'd lines, read whole (decision 0211). 2: the streamed tar above (decision 0216). */
export const ARCHIVE_FORMAT = 2
const HEADER = 'shop-export.json'
const MANIFEST = 'manifest.json'
const SECRETS = 'secrets.json'
const FILES = 'files/'
const ROWS_ENTRY = /^rows\/\d+-([A-Za-z0-9_]+)\/\d+\.ndjson$/

/** Rows per page read from the database, per tar entry, per batch checked or inserted. */
export const BATCH_SIZE = 500

/**
 * Platform tables that travel with the shop's staff, keyed by the user they belong to. Two-step sign-in
 * does not travel: its secret is sealed under this installation's key (decision 0212); an account made
 * by the import turns two-step off and its owner sets it up again.
 */
const STAFF_TABLES = { users: '_id', staffPins: 'user' } as const
type StaffTable = keyof typeof STAFF_TABLES

export interface ShopManifest {
  format: number
  shop: string
  shopName: unknown
  subdomain: string
  exportedAt: string
  migration: string
  /** Count and checksum of the rows of each table in the archive: the shop's tables, `shops`, the staff's tables. */
  tables: Record<string, TableSum>
  /** Tables with a `shop` column left out, with why. */
  notExported: Record<string, string>
  staff: { _id: string; email: string }[]
  secrets: { mode: 'passphrase' | 'omitted'; names: string[]; salt?: string }
  files: { path: string; size: number; sha256: string }[]
}

/** The first entry: enough to refuse an archive of another format or migration level before reading on. */
interface ArchiveHeader {
  format: number
  kind: 'emporia-shop-export'
  shop: string
  migration: string
  exportedAt: string
}

/** What a side holds at once: each page of rows exported, verified, checked for collisions or inserted. */
export type BatchObserver = (step: 'export' | 'verify' | 'check' | 'insert', table: string, rows: number) => void

export interface ExportOptions {
  knex: Knex
  shop: string
  file: string
  /** The installation's DATA_DIR: attachments and import sheets live under it. */
  dataDir: string
  /** Re-seals the shop's secrets under this passphrase; without it they are left out and listed. */
  passphrase?: string
  keyring?: SecretsKeyring
  /** Rows per page (default BATCH_SIZE). */
  batchSize?: number
  onBatch?: BatchObserver
}

type SealedSecret = { name: string; iv: string; tag: string; data: string }

const passphraseKey = (passphrase: string, salt: Buffer) =>
  scryptSync(passphrase, salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 << 20 })

/** The folders under DATA_DIR holding a shop's files. */
export const shopFileFolders = (shop: string) => [`media/${shop}`, `imports/${shop}`]

const filesUnder = (root: string, relative: string): string[] => {
  const full = path.join(root, relative)
  if (!existsSync(full)) return []
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const child = `${relative}/${entry.name}`
    return entry.isDirectory() ? filesUnder(root, child) : entry.isFile() ? [child] : []
  })
}

/** Tables that have an `_id` column. */
const tablesWithId = async (knex: Knex, tables: string[]): Promise<Set<string>> => {
  const { rows } = (await knex.raw(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       join pg_attribute a on a.attrelid = c.oid and a.attname = '_id' and not a.attisdropped
      where c.relname = any(?)`,
    [tables]
  )) as { rows: { name: string }[] }
  return new Set(rows.map((row) => row.name))
}

/**
 * Every row of `table` where `where` holds, as to_jsonb texts in the order of their md5 (the checksum's
 * own order, so it is taken as the pages pass), handed to `each` a page at a time through a cursor.
 */
const eachPage = async (
  trx: Knex.Transaction,
  table: string,
  where: string,
  bindings: readonly Knex.RawBinding[],
  batchSize: number,
  each: (texts: string[]) => Promise<void>
) => {
  // A cursor's query takes no parameters: the bindings (ids, checked as such) are inlined by knex.
  const select = trx
    .raw(`select j from (select ${ROW_TEXT} as j from ?? t where ${where}) x order by md5(j) collate "C"`, [table, ...bindings])
    .toQuery()
  await trx.raw(`declare shop_rows no scroll cursor for ${select}`)
  for (;;) {
    const { rows } = (await trx.raw(`fetch forward ${batchSize} from shop_rows`)) as { rows: { j: string }[] }
    if (rows.length) await each(rows.map((row) => row.j))
    if (rows.length < batchSize) break
  }
  await trx.raw('close shop_rows')
}

/** Tables ordered so a table comes after every table it references (foreign keys among them). */
const insertOrder = async (trx: Knex.Transaction, tables: string[]): Promise<string[]> => {
  const { rows } = (await trx.raw(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent from pg_constraint c where c.contype = 'f'`
  )) as { rows: { child: string; parent: string }[] }
  const bare = (name: string) => name.replace(/^"|"$/g, '')
  const parents = new Map(tables.map((table) => [table, new Set<string>()]))
  for (const row of rows) {
    const child = bare(row.child)
    const parent = bare(row.parent)
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent)
  }
  const ordered: string[] = []
  const placed = new Set<string>()
  while (ordered.length < tables.length) {
    const next = tables.find((table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent)))
    if (!next) throw new Error('The shop tables reference each other in a cycle')
    ordered.push(next)
    placed.add(next)
  }
  return ordered
}

/**
 * Writes one shop to `file`: in one repeatable-read transaction (a consistent picture while the
 * server serves, on PostgreSQL), every row of every table with a `shop` column (bar NOT_EXPORTED),
 * the shop row, its staff's accounts, its files and the manifest, each page written as it is read.
 * Each table's checksum is taken over the rows written and computed again by the database; they must
 * agree, or nothing is left behind.
 */
export const exportShop = async (options: ExportOptions): Promise<ShopManifest> => {
  const { knex, shop, file, dataDir } = options
  // Only needed when there are secrets to seal or open.
  const keyring = () => options.keyring ?? activeSecretsKeyring()
  const batchSize = options.batchSize ?? BATCH_SIZE
  const writer = new ArchiveWriter(file)
  try {
    const manifest = await knex.transaction(async (trx) => {
      await trx.raw('set transaction isolation level repeatable read')
      await printInUtc(trx)
      const shopRow = (await trx('shops').where({ _id: shop }).first('_id', 'name', 'subdomain')) as
        { name: unknown; subdomain: string } | undefined
      if (!shopRow) throw new Error(`No shop ${shop} in this installation`)
      const migration = await migrationLevel(trx)
      const exportedAt = new Date().toISOString()
      const header: ArchiveHeader = { format: ARCHIVE_FORMAT, kind: 'emporia-shop-export', shop, migration, exportedAt }
      await writer.addBuffer(HEADER, Buffer.from(JSON.stringify(header)))

      // The staff: the accounts of the shop's members, with their PINs.
      const staff = (await trx('users')
        .select('users._id', 'users.email')
        .whereIn('_id', trx('shopMembers').select('user').where({ shop }).whereNotNull('user'))
        .orderBy('_id')) as { _id: string; email: string }[]
      const staffIds = staff.map((user) => user._id.trim())
      const tables = (await shopTables(trx)).filter((table) => !(table in NOT_EXPORTED))
      const order = await insertOrder(trx, ['shops', ...Object.keys(STAFF_TABLES), ...tables])
      const whereOf = (table: string): [string, Knex.RawBinding[]] => {
        if (table === 'shops') return ['_id = ?', [shop]]
        if (table in STAFF_TABLES)
          return staffIds.length
            ? [`?? in (${staffIds.map(() => '?').join(', ')})`, [STAFF_TABLES[table as StaffTable], ...staffIds]]
            : ['false', []]
        return ['shop = ?', [shop]]
      }

      const sums: Record<string, TableSum> = {}
      for (const [index, table] of order.entries()) {
        const [where, bindings] = whereOf(table)
        const running = new RunningSum()
        let page = 0
        await eachPage(trx, table, where, bindings, batchSize, async (texts) => {
          options.onBatch?.('export', table, texts.length)
          for (const text of texts) running.add(text)
          page++
          const name = `rows/${String(index).padStart(4, '0')}-${table}/${String(page).padStart(6, '0')}.ndjson`
          await writer.addBuffer(name, Buffer.from(`${texts.join('\n')}\n`, 'utf8'))
        })
        const written = running.result()
        const counted = await tableSum(trx, table, where, bindings)
        if (running.unordered || written.count !== counted.count || written.checksum !== counted.checksum)
          throw new Error(`${table}: the rows written do not match the database's checksum`)
        sums[table] = written
      }

      // Secrets: opened with this installation's key, sealed again under the passphrase, or only named.
      const names = ((await trx('shopSecrets').select('name').where({ shop }).orderBy('name')) as { name: string }[]).map(
        (row) => row.name
      )
      const secrets: ShopManifest['secrets'] = { mode: options.passphrase ? 'passphrase' : 'omitted', names }
      if (options.passphrase && names.length) {
        const salt = randomBytes(16)
        const key = passphraseKey(options.passphrase, salt)
        secrets.salt = salt.toString('base64')
        const sealed: SealedSecret[] = []
        for (const name of names) {
          if (!(shopSecretNames as readonly string[]).includes(name)) throw new Error(`Unknown shop secret ${name}`)
          const clear = await readShopSecret(trx, shop, name as ShopSecretName, keyring())
          const iv = randomBytes(12)
          const cipher = createCipheriv('aes-256-gcm', key, iv)
          cipher.setAAD(Buffer.from(`${shop}/${name}`))
          const data = Buffer.concat([cipher.update(clear ?? '', 'utf8'), cipher.final()])
          sealed.push({
            name,
            iv: iv.toString('base64'),
            tag: cipher.getAuthTag().toString('base64'),
            data: data.toString('base64')
          })
        }
        await writer.addBuffer(SECRETS, Buffer.from(JSON.stringify(sealed)))
      }

      // Files: streamed into the archive, hashed as they pass.
      const files: ShopManifest['files'] = []
      for (const folder of shopFileFolders(shop))
        for (const relative of filesUnder(dataDir, folder)) {
          const added = await writer.addFile(`${FILES}${relative}`, path.join(dataDir, relative))
          files.push({ path: relative, size: added.bytes, sha256: added.sha256 })
        }

      return {
        format: ARCHIVE_FORMAT,
        shop,
        shopName: shopRow.name,
        subdomain: shopRow.subdomain,
        exportedAt,
        migration,
        tables: sums,
        notExported: NOT_EXPORTED,
        staff: staff.map((user) => ({ _id: user._id.trim(), email: user.email })),
        secrets,
        files
      } satisfies ShopManifest
    })
    await writer.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest)))
    await writer.close()
    return manifest
  } catch (error) {
    await writer.close().catch(() => undefined)
    rmSync(file, { force: true })
    throw error
  }
}

/** Why an import was refused; nothing was written. */
export class ImportRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(`The import was refused, nothing was written:\n- ${reasons.join('\n- ')}`)
  }
}

type Entry = AsyncIterable<Buffer> & { resume: () => void }

/** An error of zlib or tar-stream reading a damaged or cut file (not of the database, not a refusal). */
const fromTheFile = (error: unknown) => {
  const { code = '', message = '' } = error as { code?: string; message?: string }
  return (
    code.startsWith('Z_') || /^(unexpected end of file|Unexpected end of data|Invalid tar header|Size mismatch)/.test(message)
  )
}

/**
 * Reads the archive entry by entry, each handed to `visit` as a stream (which reads it or leaves it).
 * Not a tar.gz, a cut or damaged one: refused with the reason; an error of `visit`'s own is passed on.
 */
const readEntries = async (file: string, visit: (name: string, entry: Entry) => Promise<void>) => {
  const extract = tar.extract()
  const unpacking = pipeline(createReadStream(file), createGunzip(), extract)
  // Awaited below; a failure meanwhile also ends the loop over the entries.
  unpacking.catch(() => undefined)
  let visitFailed: { error: unknown } | undefined
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file')
        throw new ImportRefused([`The export holds an entry that is not a file: ${entry.header.name}`])
      try {
        await visit(entry.header.name, entry as unknown as Entry)
      } catch (error) {
        // The file failing under the entry being read (gzip, tar) is the file's fault, told as such below.
        if (!(error instanceof ImportRefused) && fromTheFile(error)) throw error
        visitFailed = { error }
        break
      }
      entry.resume()
    }
    if (!visitFailed) await unpacking
  } catch (error) {
    extract.destroy()
    if (error instanceof ImportRefused) throw error
    const failure = await unpacking.then(
      () => undefined,
      (failure: Error) => failure
    )
    throw new ImportRefused([
      `Not a shop export of format ${ARCHIVE_FORMAT} (a .tar.gz), or it is cut short or damaged (${(failure ?? (error as Error)).message}); an export of format 1 (gzip'd lines) must be made again`
    ])
  }
  if (visitFailed) {
    extract.destroy()
    throw visitFailed.error
  }
}

const textOf = async (entry: Entry) => {
  const chunks: Buffer[] = []
  for await (const chunk of entry) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

/** An entry's rows, `size` at a time: never more of them held than that (and one chunk of text). */
async function* batchesOf(entry: Entry, size: number): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8')
  let rest = ''
  let batch: string[] = []
  for await (const chunk of entry) {
    const lines = (rest + decoder.write(chunk)).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) {
      if (!line) continue
      batch.push(line)
      if (batch.length >= size) {
        yield batch
        batch = []
      }
    }
  }
  rest += decoder.end()
  if (rest) batch.push(rest)
  if (batch.length) yield batch
}

/** A file's path in the archive as its path under DATA_DIR, if it is inside the shop's own folders. */
const shopFilePath = (shop: string, name: string): string | undefined => {
  const relative = path.posix.normalize(name.slice(FILES.length))
  if (relative.includes('\\') || relative.split('/').includes('..')) return undefined
  return shopFileFolders(shop).some((folder) => relative.startsWith(`${folder}/`)) ? relative : undefined
}

interface Verified {
  manifest: ShopManifest
  shopRow: { subdomain?: string; alias?: string | null }
  secrets: SealedSecret[]
}

/**
 * The first reading, before the database is touched: the archive's format and migration level (from its
 * first entry), then every table's rows and every file against the manifest at its end, as they pass.
 */
const verifyArchive = async (knex: Knex, file: string, batchSize: number, onBatch?: BatchObserver): Promise<Verified> => {
  let header: ArchiveHeader | undefined
  let manifest: ShopManifest | undefined
  let shopText: string | undefined
  let secrets: SealedSecret[] = []
  const sums = new Map<string, RunningSum>()
  const files = new Map<string, { size: number; sha256: string }>()
  const problems: string[] = []
  await readEntries(file, async (name, entry) => {
    if (!header) {
      if (name !== HEADER)
        throw new ImportRefused([`Not a shop export of format ${ARCHIVE_FORMAT}: it does not start with ${HEADER}`])
      header = JSON.parse(await textOf(entry)) as ArchiveHeader
      if (header.format !== ARCHIVE_FORMAT)
        throw new ImportRefused([`Export format ${header.format}; this installation reads ${ARCHIVE_FORMAT}`])
      const level = await migrationLevel(knex)
      if (level !== header.migration)
        throw new ImportRefused([
          `The export is at migration ${header.migration}, this installation at ${level}: upgrade the older one first`
        ])
      return
    }
    const table = ROWS_ENTRY.exec(name)?.[1]
    if (table) {
      const sum = sums.get(table) ?? new RunningSum()
      sums.set(table, sum)
      for await (const batch of batchesOf(entry, batchSize)) {
        onBatch?.('verify', table, batch.length)
        if (table === 'shops') shopText ??= batch[0]
        for (const text of batch) sum.add(text)
      }
    } else if (name.startsWith(FILES)) {
      const relative = shopFilePath(header.shop, name)
      if (!relative) throw new ImportRefused([`file ${name} is outside the shop's folders`])
      const hash = createHash('sha256')
      let size = 0
      for await (const chunk of entry) {
        hash.update(chunk)
        size += chunk.length
      }
      files.set(relative, { size, sha256: hash.digest('hex') })
    } else if (name === SECRETS) secrets = JSON.parse(await textOf(entry)) as SealedSecret[]
    else if (name === MANIFEST) manifest = JSON.parse(await textOf(entry)) as ShopManifest
    else problems.push(`unknown entry ${name}`)
  })
  if (!header) throw new ImportRefused(['The export is empty'])
  if (!manifest) throw new ImportRefused(['The export has no manifest: it was cut short'])
  if (manifest.shop !== header.shop || manifest.migration !== header.migration || manifest.format !== header.format)
    problems.push('the manifest does not match the export’s first entry')
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const sum = sums.get(table) ?? new RunningSum()
    const got = sum.result()
    if (sum.unordered || got.count !== expected.count || got.checksum !== expected.checksum)
      problems.push(`${table}: ${got.count} row(s) in the file, ${expected.count} in the manifest, or a changed row`)
  }
  for (const table of sums.keys()) if (!(table in manifest.tables)) problems.push(`${table}: rows not in the manifest`)
  for (const entry of manifest.files) {
    const found = files.get(entry.path)
    if (!found || found.sha256 !== entry.sha256 || found.size !== entry.size)
      problems.push(`file ${entry.path} is missing or changed`)
  }
  for (const relative of files.keys())
    if (!manifest.files.some((entry) => entry.path === relative)) problems.push(`file ${relative} is not in the manifest`)
  if (problems.length) throw new ImportRefused(problems)
  return { manifest, shopRow: JSON.parse(shopText ?? '{}') as Verified['shopRow'], secrets }
}

/** Columns a row may be inserted with (generated columns are computed by the database). */
const insertableColumns = async (trx: Knex.Transaction, table: string): Promise<string[]> => {
  const { rows } = (await trx.raw(
    `select a.attname as name from pg_attribute a where a.attrelid = ?::regclass and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = '' order by a.attnum`,
    [`"${table}"`]
  )) as { rows: { name: string }[] }
  return rows.map((row) => row.name)
}

const insertTexts = async (trx: Knex.Transaction, table: string, columns: string[], texts: string[]) => {
  if (!texts.length) return
  const list = columns.map((column) => `"${column}"`).join(', ')
  await trx.raw(`insert into ?? (${list}) select ${list} from jsonb_populate_recordset(null::??, ?::jsonb)`, [
    table,
    table,
    `[${texts.join(',')}]`
  ])
}

const idOf = (text: string) => (JSON.parse(text) as { _id?: string })._id?.trim()

export interface ImportOptions {
  knex: Knex
  file: string
  dataDir: string
  /** Opens the secrets the export sealed under it; without it they are left out and listed. */
  passphrase?: string
  keyring?: SecretsKeyring
  /** Rows held, checked or inserted at once (default BATCH_SIZE), whatever the export's pages. */
  batchSize?: number
  onBatch?: BatchObserver
}

export interface ImportReport {
  shop: string
  tables: Record<string, number>
  /** Staff accounts that already existed here by e-mail: linked, not duplicated (source id → this id). */
  linkedUsers: { email: string; from: string; to: string }[]
  createdUsers: string[]
  /** Created accounts that had two-step sign-in: off here until their owners set it up again. */
  twoStepReset: string[]
  secretsImported: string[]
  /** Secrets the merchant must enter again (no passphrase at export or import). */
  secretsToReenter: string[]
  files: number
}

/**
 * Writes an exported shop into this installation, reading the archive three times and never holding
 * more than `batchSize` rows: (1) before the database is touched, the format and migration level, then
 * every table's count and checksum and every file against the manifest; then, in one transaction,
 * (2) refusing before any write when the shop or any row id (or the subdomain, alias, a staff id with
 * another e-mail, a file folder) already exists, and (3) inserting page by page, files to a staging
 * folder. Staff whose e-mail exists here are linked: the shop's rows name this installation's account
 * instead. After the writes each table's checksum is computed by the database and must equal the
 * manifest's, or the whole import rolls back.
 */
export const importShop = async (options: ImportOptions): Promise<ImportReport> => {
  const { knex, dataDir, file, onBatch } = options
  // Only needed when there are secrets to seal or open.
  const keyring = () => options.keyring ?? activeSecretsKeyring()
  const batchSize = options.batchSize ?? BATCH_SIZE
  const { manifest, shopRow, secrets } = await verifyArchive(knex, file, batchSize, onBatch)
  const shop = manifest.shop

  const staging = path.join(dataDir, `.shop-import-${shop}`)
  const report = await knex
    .transaction(async (trx) => {
      await printInUtc(trx)
      const refusals: string[] = []
      if (await trx('shops').where({ _id: shop }).first('_id')) refusals.push(`shop ${shop} already exists here`)
      if (shopRow.subdomain && (await trx('shops').whereRaw('lower(subdomain) = lower(?)', [shopRow.subdomain]).first('_id')))
        refusals.push(`subdomain ${shopRow.subdomain} is taken here`)
      if (shopRow.alias && (await trx('shops').whereRaw('lower(alias) = lower(?)', [shopRow.alias]).first('_id')))
        refusals.push(`address ${shopRow.alias} is taken here`)

      // Staff: an account with the same e-mail here is the same person: linked, not duplicated.
      const mapping = new Map<string, string>()
      const linkedUsers: ImportReport['linkedUsers'] = []
      const createdUsers: string[] = []
      for (const user of manifest.staff) {
        const existing = (await trx('users').whereRaw('lower(email) = lower(?)', [user.email]).first('_id')) as
          { _id: string } | undefined
        if (existing) {
          const to = existing._id.trim()
          linkedUsers.push({ email: user.email, from: user._id, to })
          if (to !== user._id) mapping.set(user._id, to)
        } else if (await trx('users').where({ _id: user._id }).first('_id'))
          refusals.push(`user id ${user._id} exists here with another e-mail than ${user.email}`)
        else createdUsers.push(user._id)
      }

      const tables = Object.keys(manifest.tables)
      const shopTablesHere = await shopTables(trx)
      for (const table of tables)
        if (!(table in STAFF_TABLES) && table !== 'shops' && !shopTablesHere.includes(table))
          refusals.push(`${table}: no such shop table here`)
      const withId = await tablesWithId(trx, tables)
      // Second reading: every row id of the shop's tables, a batch at a time, against this installation's.
      const taken = new Map<string, number>()
      await readEntries(file, async (name, entry) => {
        const table = ROWS_ENTRY.exec(name)?.[1]
        if (!table || table in STAFF_TABLES || !withId.has(table)) return
        for await (const batch of batchesOf(entry, batchSize)) {
          onBatch?.('check', table, batch.length)
          const row = (await trx(table)
            .whereIn(
              '_id',
              batch.map((text) => idOf(text) ?? '')
            )
            .count({ n: '*' })
            .first()) as { n: number | string }
          if (Number(row.n)) taken.set(table, (taken.get(table) ?? 0) + Number(row.n))
        }
      })
      for (const [table, count] of taken) refusals.push(`${table}: ${count} id(s) already exist here`)
      for (const folder of shopFileFolders(shop))
        if (existsSync(path.join(dataDir, folder))) refusals.push(`${folder} already exists under DATA_DIR`)
      if (refusals.length) throw new ImportRefused(refusals)

      // Linked staff: every row of the shop names this installation's account (ids are unique, so a
      // quoted id is that user wherever it appears: a column, a member list, a log's detail).
      const mapped = (texts: string[]) =>
        mapping.size
          ? texts.map((text) => [...mapping].reduce((row, [from, to]) => row.split(`"${from}"`).join(`"${to}"`), text))
          : texts
      const created = new Set(createdUsers)
      const staffSums = new Map<string, RunningSum>(Object.keys(STAFF_TABLES).map((table) => [table, new RunningSum()]))
      const columns = new Map<string, string[]>()

      // Third reading: the rows, in the archive's (foreign-key) order, and the files to the staging folder.
      rmSync(staging, { recursive: true, force: true })
      await readEntries(file, async (name, entry) => {
        const table = ROWS_ENTRY.exec(name)?.[1]
        if (table) {
          if (!columns.has(table)) columns.set(table, await insertableColumns(trx, table))
          for await (const batch of batchesOf(entry, batchSize)) {
            onBatch?.('insert', table, batch.length)
            let texts = batch
            if (table in STAFF_TABLES) {
              const column = STAFF_TABLES[table as StaffTable]
              texts = batch.filter((text) => created.has(String((JSON.parse(text) as Record<string, unknown>)[column]).trim()))
              for (const text of texts) staffSums.get(table)!.add(text)
            } else texts = mapped(batch)
            await insertTexts(trx, table, columns.get(table)!, texts)
          }
        } else if (name.startsWith(FILES)) {
          const relative = shopFilePath(shop, name)!
          const target = path.join(staging, relative)
          mkdirSync(path.dirname(target), { recursive: true })
          await pipeline(entry, createWriteStream(target))
        }
      })

      const secretsImported: string[] = []
      if (options.passphrase && secrets.length) {
        const key = passphraseKey(options.passphrase, Buffer.from(manifest.secrets.salt ?? '', 'base64'))
        const changes: Partial<Record<ShopSecretName, string>> = {}
        for (const secret of secrets) {
          if (!(shopSecretNames as readonly string[]).includes(secret.name))
            throw new ImportRefused([`unknown shop secret ${secret.name}`])
          const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(secret.iv, 'base64'))
          decipher.setAAD(Buffer.from(`${shop}/${secret.name}`))
          decipher.setAuthTag(Buffer.from(secret.tag, 'base64'))
          try {
            changes[secret.name as ShopSecretName] = Buffer.concat([
              decipher.update(Buffer.from(secret.data, 'base64')),
              decipher.final()
            ]).toString('utf8')
          } catch {
            throw new ImportRefused(['the passphrase does not open the shop’s secrets'])
          }
          secretsImported.push(secret.name)
        }
        await writeShopSecrets(trx, shop, changes, keyring())
      }

      // Verified where it was written: the database's own checksum of each table must be the archive's
      // (the shop's rows read back with the linked staff's ids as exported; the staff's, as written).
      const unmap = new Map([...mapping].map(([from, to]) => [`"${to}"`, `"${from}"`]))
      const counts: Record<string, number> = {}
      for (const table of tables) {
        const staffColumn = STAFF_TABLES[table as StaffTable] as string | undefined
        const [expected, found] = staffColumn
          ? [staffSums.get(table)!.result(), await tableSum(trx, table, '?? = any(?)', [staffColumn, createdUsers])]
          : [manifest.tables[table], await tableSum(trx, table, table === 'shops' ? '_id = ?' : 'shop = ?', [shop], unmap)]
        if (found.count !== expected.count || found.checksum !== expected.checksum)
          throw new Error(
            `${table}: after the import the database holds ${found.count} row(s) that do not match the export; rolled back`
          )
        counts[table] = found.count
      }

      const twoStepReset = createdUsers.length
        ? (
            (await trx('users').whereIn('_id', createdUsers).where({ twoStep: true }).update({ twoStep: false }, ['_id'])) as {
              _id: string
            }[]
          ).map((row) => row._id.trim())
        : []

      return {
        shop,
        tables: counts,
        linkedUsers,
        createdUsers,
        twoStepReset,
        secretsImported,
        secretsToReenter: manifest.secrets.names.filter((name) => !secretsImported.includes(name)),
        files: manifest.files.length
      } satisfies ImportReport
    })
    .catch((error: unknown) => {
      rmSync(staging, { recursive: true, force: true })
      throw error
    })
  // Files move into place once the rows are committed.
  for (const folder of shopFileFolders(shop)) {
    const from = path.join(staging, folder)
    if (!existsSync(from)) continue
    mkdirSync(path.dirname(path.join(dataDir, folder)), { recursive: true })
    renameSync(from, path.join(dataDir, folder))
  }
  rmSync(staging, { recursive: true, force: true })
  return report
}
