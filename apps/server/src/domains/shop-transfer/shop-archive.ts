import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto'
import { once } from 'node:events'
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { createGunzip, createGzip } from 'node:zlib'
import type { Knex } from 'knex'
import { shopSecretNames, readShopSecret, writeShopSecrets, type ShopSecretName } from '../../platform/secrets/shop-secrets'
import { activeSecretsKeyring, type SecretsKeyring } from '../../platform/secrets/secrets-key'
import {
  NOT_EXPORTED,
  ROW_TEXT,
  migrationLevel,
  printInUtc,
  shopTables,
  sumOfTexts,
  tableSum,
  type TableSum
} from './shop-tables'

/*
 * One shop out of an installation and into another (decision 0211). The archive is gzip'd lines:
 *   R <tab> table <tab> row     every row, as the database prints it (to_jsonb text, ids kept)
 *   S <tab> secret              a shop secret re-sealed under the operator's passphrase
 *   F <tab> path <tab> base64   a file under DATA_DIR (media/<shop>/…, imports/<shop>/…)
 *   M <tab> manifest            last: migration level, per-table counts and checksums, users, secrets, files
 * Rows are never parsed into numbers on the way: a bigint stays exact, a timestamp keeps its text.
 */

export const ARCHIVE_FORMAT = 1

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

export interface ExportOptions {
  knex: Knex
  shop: string
  file: string
  /** The installation's DATA_DIR: attachments and import sheets live under it. */
  dataDir: string
  /** Re-seals the shop's secrets under this passphrase; without it they are left out and listed. */
  passphrase?: string
  keyring?: SecretsKeyring
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')
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

/** Tables that have an `_id` column (read in pages by it); the rest are read whole. */
const tablesWithId = async (knex: Knex, tables: string[]): Promise<Set<string>> => {
  const { rows } = (await knex.raw(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       join pg_attribute a on a.attrelid = c.oid and a.attname = '_id' and not a.attisdropped
      where c.relname = any(?)`,
    [tables]
  )) as { rows: { name: string }[] }
  return new Set(rows.map((row) => row.name))
}

const PAGE = 2000

/** Every row of `table` where `column` = `value`, as to_jsonb texts (paged by `_id` when the table has one). */
const rowTexts = async (trx: Knex.Transaction, table: string, column: string, values: string[], paged: boolean) => {
  if (!values.length) return []
  const texts: string[] = []
  if (!paged) {
    const { rows } = (await trx.raw(`select ${ROW_TEXT} as j from ?? t where ?? = any(?)`, [table, column, values])) as {
      rows: { j: string }[]
    }
    return rows.map((row) => row.j)
  }
  let after = ''
  for (;;) {
    const { rows } = (await trx.raw(
      `select ${ROW_TEXT} as j, _id from ?? t where ?? = any(?) and _id > ? order by _id limit ${PAGE}`,
      [table, column, values, after]
    )) as { rows: { j: string; _id: string }[] }
    texts.push(...rows.map((row) => row.j))
    if (rows.length < PAGE) return texts
    after = rows[rows.length - 1]._id
  }
}

/**
 * Writes one shop to `file`: in one repeatable-read transaction (a consistent picture while the
 * server serves, on PostgreSQL), every row of every table with a `shop` column (bar NOT_EXPORTED),
 * the shop row, its staff's accounts, its files and the manifest. Each table's checksum is computed
 * by the database and again over the rows written; they must agree, or nothing is left behind.
 */
export const exportShop = async (options: ExportOptions): Promise<ShopManifest> => {
  const { knex, shop, file, dataDir } = options
  const keyring = options.keyring ?? activeSecretsKeyring()
  const gzip = createGzip()
  const out = createWriteStream(file)
  gzip.pipe(out)
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain')
  }
  try {
    const manifest = await knex.transaction(async (trx) => {
      await trx.raw('set transaction isolation level repeatable read')
      await printInUtc(trx)
      const shopRow = (await trx('shops').where({ _id: shop }).first('_id', 'name', 'subdomain')) as
        { name: unknown; subdomain: string } | undefined
      if (!shopRow) throw new Error(`No shop ${shop} in this installation`)
      const tables = (await shopTables(trx)).filter((table) => !(table in NOT_EXPORTED))
      const withId = await tablesWithId(trx, [...tables, 'shops', ...Object.keys(STAFF_TABLES)])
      const sums: Record<string, TableSum> = {}
      const put = async (table: string, texts: string[], where: string, bindings: Knex.RawBinding[]) => {
        for (const text of texts) await write(`R\t${table}\t${text}`)
        const written = sumOfTexts(texts)
        const counted = await tableSum(trx, table, where, bindings)
        if (written.count !== counted.count || written.checksum !== counted.checksum)
          throw new Error(`${table}: the rows written do not match the database's checksum`)
        sums[table] = written
      }
      await put('shops', await rowTexts(trx, 'shops', '_id', [shop], false), '_id = ?', [shop])
      // The staff: the accounts of the shop's members, with their PINs and two-step sign-in.
      const staff = (await trx('users')
        .select('users._id', 'users.email')
        .whereIn('_id', trx('shopMembers').select('user').where({ shop }).whereNotNull('user'))
        .orderBy('_id')) as { _id: string; email: string }[]
      const staffIds = staff.map((user) => user._id.trim())
      for (const [table, column] of Object.entries(STAFF_TABLES))
        await put(table, await rowTexts(trx, table, column, staffIds, withId.has(table)), `?? = any(?)`, [column, staffIds])
      for (const table of tables)
        await put(table, await rowTexts(trx, table, 'shop', [shop], withId.has(table)), 'shop = ?', [shop])

      // Secrets: opened with this installation's key, sealed again under the passphrase, or only named.
      const names = ((await trx('shopSecrets').select('name').where({ shop }).orderBy('name')) as { name: string }[]).map(
        (row) => row.name
      )
      const secrets: ShopManifest['secrets'] = { mode: options.passphrase ? 'passphrase' : 'omitted', names }
      if (options.passphrase && names.length) {
        const salt = randomBytes(16)
        const key = passphraseKey(options.passphrase, salt)
        secrets.salt = salt.toString('base64')
        for (const name of names) {
          if (!(shopSecretNames as readonly string[]).includes(name)) throw new Error(`Unknown shop secret ${name}`)
          const clear = await readShopSecret(trx, shop, name as ShopSecretName, keyring)
          const iv = randomBytes(12)
          const cipher = createCipheriv('aes-256-gcm', key, iv)
          cipher.setAAD(Buffer.from(`${shop}/${name}`))
          const data = Buffer.concat([cipher.update(clear ?? '', 'utf8'), cipher.final()])
          await write(
            `S\t${JSON.stringify({ name, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') })}`
          )
        }
      }

      const files: ShopManifest['files'] = []
      for (const folder of shopFileFolders(shop))
        for (const relative of filesUnder(dataDir, folder)) {
          const data = readFileSync(path.join(dataDir, relative))
          files.push({ path: relative, size: data.length, sha256: sha256(data) })
          await write(`F\t${relative}\t${data.toString('base64')}`)
        }

      return {
        format: ARCHIVE_FORMAT,
        shop,
        shopName: shopRow.name,
        subdomain: shopRow.subdomain,
        exportedAt: new Date().toISOString(),
        migration: await migrationLevel(trx),
        tables: sums,
        notExported: NOT_EXPORTED,
        staff: staff.map((user) => ({ _id: user._id.trim(), email: user.email })),
        secrets,
        files
      } satisfies ShopManifest
    })
    await write(`M\t${JSON.stringify(manifest)}`)
    gzip.end()
    await once(out, 'finish')
    return manifest
  } catch (error) {
    gzip.destroy()
    out.destroy()
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

interface Archive {
  manifest: ShopManifest
  rows: Map<string, string[]>
  secrets: { name: string; iv: string; tag: string; data: string }[]
  files: { path: string; data: Buffer }[]
}

const readArchive = async (file: string): Promise<Archive> => {
  const rows = new Map<string, string[]>()
  const archive: Omit<Archive, 'manifest'> & { manifest?: ShopManifest } = { rows, secrets: [], files: [] }
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })
  for await (const line of lines) {
    if (!line) continue
    const tab = line.indexOf('\t')
    const kind = line.slice(0, tab)
    const rest = line.slice(tab + 1)
    if (kind === 'R') {
      const split = rest.indexOf('\t')
      const table = rest.slice(0, split)
      if (!rows.has(table)) rows.set(table, [])
      rows.get(table)!.push(rest.slice(split + 1))
    } else if (kind === 'S') archive.secrets.push(JSON.parse(rest) as Archive['secrets'][number])
    else if (kind === 'F') {
      const split = rest.indexOf('\t')
      archive.files.push({ path: rest.slice(0, split), data: Buffer.from(rest.slice(split + 1), 'base64') })
    } else if (kind === 'M') archive.manifest = JSON.parse(rest) as ShopManifest
    else throw new ImportRefused([`Not a shop export: unknown line kind "${kind.slice(0, 10)}"`])
  }
  if (!archive.manifest) throw new ImportRefused(['The export has no manifest: it was cut short'])
  return archive as Archive
}

/** The archive agrees with its own manifest: every table's rows and every file, whole. */
const damage = (archive: Archive): string[] => {
  const problems: string[] = []
  const { manifest } = archive
  if (manifest.format !== ARCHIVE_FORMAT)
    problems.push(`Export format ${manifest.format}; this installation reads ${ARCHIVE_FORMAT}`)
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const got = sumOfTexts(archive.rows.get(table) ?? [])
    if (got.count !== expected.count || got.checksum !== expected.checksum)
      problems.push(`${table}: ${got.count} row(s) in the file, ${expected.count} in the manifest, or a changed row`)
  }
  for (const table of archive.rows.keys()) if (!(table in manifest.tables)) problems.push(`${table}: rows not in the manifest`)
  for (const entry of manifest.files) {
    const found = archive.files.find((candidate) => candidate.path === entry.path)
    if (!found || sha256(found.data) !== entry.sha256) problems.push(`file ${entry.path} is missing or changed`)
  }
  return problems
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

/** Columns a row may be inserted with (generated columns are computed by the database). */
const insertableColumns = async (trx: Knex.Transaction, table: string): Promise<string[]> => {
  const { rows } = (await trx.raw(
    `select a.attname as name from pg_attribute a where a.attrelid = ?::regclass and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = '' order by a.attnum`,
    [`"${table}"`]
  )) as { rows: { name: string }[] }
  return rows.map((row) => row.name)
}

const BATCH = 500

const insertTexts = async (trx: Knex.Transaction, table: string, texts: string[]) => {
  if (!texts.length) return
  const columns = await insertableColumns(trx, table)
  const list = columns.map((column) => `"${column}"`).join(', ')
  for (let i = 0; i < texts.length; i += BATCH)
    await trx.raw(`insert into ?? (${list}) select ${list} from jsonb_populate_recordset(null::??, ?::jsonb)`, [
      table,
      table,
      `[${texts.slice(i, i + BATCH).join(',')}]`
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
 * Writes an exported shop into this installation, in one transaction, refusing before any write when
 * the migration level differs, the shop or any row id (or the subdomain, alias, a staff id with
 * another e-mail, a file folder) already exists. Staff whose e-mail exists here are linked: the shop's
 * rows name this installation's account instead. After the writes each table's checksum is computed
 * by the database and must equal the archive's rows as written, or the whole import rolls back.
 */
export const importShop = async (options: ImportOptions): Promise<ImportReport> => {
  const { knex, dataDir } = options
  const keyring = options.keyring ?? activeSecretsKeyring()
  const archive = await readArchive(options.file)
  const { manifest } = archive
  const shop = manifest.shop
  const problems = damage(archive)
  if (problems.length) throw new ImportRefused(problems)
  const level = await migrationLevel(knex)
  if (level !== manifest.migration)
    throw new ImportRefused([
      `The export is at migration ${manifest.migration}, this installation at ${level}: upgrade the older one first`
    ])

  const staging = path.join(dataDir, `.shop-import-${shop}`)
  const report = await knex
    .transaction(async (trx) => {
      await printInUtc(trx)
      const refusals: string[] = []
      if (await trx('shops').where({ _id: shop }).first('_id')) refusals.push(`shop ${shop} already exists here`)
      const shopRow = JSON.parse(archive.rows.get('shops')?.[0] ?? '{}') as { subdomain?: string; alias?: string | null }
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

      const shopTablesHere = await shopTables(trx)
      for (const table of archive.rows.keys())
        if (!(table in STAFF_TABLES) && table !== 'shops' && !shopTablesHere.includes(table))
          refusals.push(`${table}: no such shop table here`)
      for (const [table, texts] of archive.rows) {
        if (table in STAFF_TABLES || !texts.length || idOf(texts[0]) === undefined) continue
        const ids = texts.map((text) => idOf(text)!)
        let taken = 0
        for (let i = 0; i < ids.length; i += 5000) {
          const row = (await trx(table)
            .whereIn('_id', ids.slice(i, i + 5000))
            .count({ n: '*' })
            .first()) as { n: number | string }
          taken += Number(row.n)
        }
        if (taken) refusals.push(`${table}: ${taken} id(s) already exist here`)
      }
      for (const folder of shopFileFolders(shop))
        if (existsSync(path.join(dataDir, folder))) refusals.push(`${folder} already exists under DATA_DIR`)
      if (refusals.length) throw new ImportRefused(refusals)

      // Linked staff: every row of the shop names this installation's account (ids are unique, so a
      // quoted id is that user wherever it appears: a column, a member list, a log's detail).
      const mapped = (texts: string[]) =>
        mapping.size
          ? texts.map((text) => [...mapping].reduce((row, [from, to]) => row.split(`"${from}"`).join(`"${to}"`), text))
          : texts
      const written = new Map<string, string[]>()
      const created = new Set(createdUsers)
      for (const [table, column] of Object.entries(STAFF_TABLES) as [StaffTable, string][]) {
        const texts = (archive.rows.get(table) ?? []).filter((text) => {
          const owner = (JSON.parse(text) as Record<string, string>)[column]
          return created.has(owner.trim())
        })
        written.set(table, texts)
      }
      written.set('shops', mapped(archive.rows.get('shops') ?? []))
      for (const [table, texts] of archive.rows)
        if (!(table in STAFF_TABLES) && table !== 'shops') written.set(table, mapped(texts))

      const order = await insertOrder(trx, [...written.keys()])
      for (const table of order) await insertTexts(trx, table, written.get(table)!)

      const secretsImported: string[] = []
      if (options.passphrase && archive.secrets.length) {
        const key = passphraseKey(options.passphrase, Buffer.from(manifest.secrets.salt ?? '', 'base64'))
        const changes: Partial<Record<ShopSecretName, string>> = {}
        for (const secret of archive.secrets) {
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
        await writeShopSecrets(trx, shop, changes, keyring)
      }

      // Verified where it was written: the database's own checksum of each table must be the archive's.
      const where: Record<string, [string, Knex.RawBinding[]]> = {
        shops: ['_id = ?', [shop]],
        ...Object.fromEntries(
          (Object.entries(STAFF_TABLES) as [StaffTable, string][]).map(([table, column]) => [
            table,
            ['?? = any(?)', [column, createdUsers]]
          ])
        )
      }
      const tables: Record<string, number> = {}
      for (const [table, texts] of written) {
        const [condition, bindings] = where[table] ?? ['shop = ?', [shop]]
        const expected = sumOfTexts(texts)
        const found = await tableSum(trx, table, condition, bindings)
        if (found.count !== expected.count || found.checksum !== expected.checksum)
          throw new Error(
            `${table}: after the import the database holds ${found.count} row(s) that do not match the export; rolled back`
          )
        tables[table] = found.count
      }

      const twoStepReset = createdUsers.length
        ? (
            (await trx('users').whereIn('_id', createdUsers).where({ twoStep: true }).update({ twoStep: false }, ['_id'])) as {
              _id: string
            }[]
          ).map((row) => row._id.trim())
        : []

      // Files go to a staging folder inside the transaction, into place after it commits.
      rmSync(staging, { recursive: true, force: true })
      for (const file of archive.files) {
        const target = path.join(staging, file.path)
        if (!target.startsWith(staging + path.sep)) throw new ImportRefused([`file path ${file.path} leaves DATA_DIR`])
        mkdirSync(path.dirname(target), { recursive: true })
        writeFileSync(target, file.data)
      }
      return {
        shop,
        tables,
        linkedUsers,
        createdUsers,
        twoStepReset,
        secretsImported,
        secretsToReenter: manifest.secrets.names.filter((name) => !secretsImported.includes(name)),
        files: archive.files.length
      } satisfies ImportReport
    })
    .catch((error: unknown) => {
      rmSync(staging, { recursive: true, force: true })
      throw error
    })
  for (const folder of shopFileFolders(shop)) {
    const from = path.join(staging, folder)
    if (!existsSync(from)) continue
    mkdirSync(path.dirname(path.join(dataDir, folder)), { recursive: true })
    renameSync(from, path.join(dataDir, folder))
  }
  rmSync(staging, { recursive: true, force: true })
  return report
}
