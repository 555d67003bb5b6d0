import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { AppConfig } from '../../config'
import { keyringOf, readKeyFile, secretsKeyFile } from '../secrets/secrets-key'
import type { TableChecksum } from '../db/table-checksums'
import type { ArchivedFile } from './archive'

/** What a backup says about itself: `manifest.json`, the archive's last entry (decision 0210). */
export interface BackupManifest {
  format: 'emporia-backup'
  formatVersion: 1
  /** The server's package version that wrote it. */
  emporia: string
  createdAt: string
  dialect: 'pglite' | 'postgres'
  /** How the snapshot was taken: from the serving server, with no server running, or pg_dump's snapshot. */
  snapshot: 'server' | 'offline' | 'pg_dump'
  engine: { pglite?: string; postgres?: string; pgDump?: string }
  /** The migration level: how many ran, and the last one's name. */
  migrations: { count: number; last: string | null }
  /** `database/pgdata.tar` (PGlite's data directory) or `database/emporia.pgdump` (pg_dump's custom format). */
  database: ArchivedFile
  tables: TableChecksum[]
  /** Uploaded files under DATA_DIR (`media/…`, `imports/…`). */
  files: ArchivedFile[]
  /**
   * The id (a hash, not the key) of the secrets key that sealed the shops' stored credentials. The key
   * itself is never in a backup: keep it apart, and give the restored installation the same one.
   */
  secretsKeyId?: string
}

export const MANIFEST = 'manifest.json'
export const PGLITE_DATABASE = 'database/pgdata.tar'
export const POSTGRES_DATABASE = 'database/emporia.pgdump'

/**
 * The folders of DATA_DIR that hold uploaded files, backed up and restored with the database:
 * attachments (services/attachments/media-store.ts) and import sheets (domains/imports/import-files.ts).
 * Their `tmp` folders hold uploads in progress and are left out.
 */
export const UPLOAD_FOLDERS = ['media', 'imports']

/**
 * The keyring's key ids of this installation, current first, without making a key when there is none
 * (resolveSecretsKeyring would): what a backup records and what a restore compares.
 */
export const installedSecretsKeyIds = (config: Pick<AppConfig, 'secretsKey' | 'dataDir'>): string[] => {
  const texts = config.secretsKey
    ? config.secretsKey.split(',')
    : existsSync(secretsKeyFile(config.dataDir))
      ? readKeyFile(secretsKeyFile(config.dataDir))
      : []
  if (!texts.length) return []
  return [...keyringOf(texts, config.secretsKey ? 'SECRETS_KEY' : secretsKeyFile(config.dataDir)).keys.keys()]
}

const here = path.dirname(new URL(import.meta.url).pathname)
/** The server package's version (source: two folders up from here; the bundle: beside dist). */
export const emporiaVersion = (): string => {
  for (const candidate of ['../../../package.json', '../package.json']) {
    const file = path.resolve(here, candidate)
    if (!existsSync(file)) continue
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
    if (manifest.name === '@emporia/server' && manifest.version) return manifest.version
  }
  return 'unknown'
}
