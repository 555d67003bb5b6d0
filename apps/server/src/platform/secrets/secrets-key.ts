import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { BadGateway } from '@feathersjs/errors'
import type { AppConfig } from '../../config'

/**
 * The envelope key of shops' stored credentials (issue 28, decision 0122): AES-256-GCM, one random IV per
 * value, the value's shop and name as associated data (a sealed value copied to another row does not
 * open), and the key's id in the stored text, so that keys can rotate: a keyring seals with its current
 * key and opens with any key it holds.
 */
const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
/** `enc:v1:<key id>:<iv>:<ciphertext + tag>`, base64url; v1 is the format, the key id says which key. */
const SEALED = 'enc:v1:'
const KEY_TEXT = /^[A-Za-z0-9+/_-]{43}=?$/
export const SECRETS_KEY_FILE = 'secrets-key'

export interface SecretsKeyring {
  current: { id: string; key: Buffer }
  /** Every key this keyring opens with, by id (the current one included). */
  keys: ReadonlyMap<string, Buffer>
}

/** A key's id: a short hash of it, so the stored text names the key without giving anything of it away. */
export const secretsKeyId = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 12)

/** A new random key, as SECRETS_KEY and the key file hold it (base64url of 32 bytes). */
export const newSecretsKey = () => randomBytes(KEY_BYTES).toString('base64url')

/** A keyring from key texts, the first the current one; `where` names their source in the error. */
export const keyringOf = (texts: readonly string[], where: string): SecretsKeyring => {
  const keys = texts
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => {
      if (!KEY_TEXT.test(text))
        throw new Error(`${where}: each key is 32 random bytes in base64 (e.g. \`openssl rand -base64 32\`)`)
      return Buffer.from(text, 'base64')
    })
  if (!keys.length) throw new Error(`${where}: no key`)
  return {
    current: { id: secretsKeyId(keys[0]), key: keys[0] },
    keys: new Map(keys.map((key) => [secretsKeyId(key), key]))
  }
}

export const secretsKeyFile = (dataDir: string) => path.join(dataDir, SECRETS_KEY_FILE)

/** The key texts of a key file, current first. */
export const readKeyFile = (file: string) => readFileSync(file, 'utf8').split(/\s+/).filter(Boolean)

/** Replaces the key file whole (a crash leaves the old file or the new one, never half of one). */
export const writeKeyFile = (file: string, texts: readonly string[]) => {
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, `${texts.join('\n')}\n`, { mode: 0o600 })
  renameSync(temporary, file)
}

/** Tests' in-memory databases (`memory://`) get one key per process, as they have no directory to keep it in. */
let memoryKey: string | undefined

/**
 * SECRETS_KEY (comma-separated: the first seals, all open), or the keys kept in `DATA_DIR/secrets-key`
 * (one a line, the first current), generated once when there is none, as the auth secret is.
 */
export const resolveSecretsKeyring = (config: Pick<AppConfig, 'secretsKey' | 'dataDir'>): SecretsKeyring => {
  if (config.secretsKey) return keyringOf(config.secretsKey.split(','), 'SECRETS_KEY')
  if (config.dataDir.startsWith('memory://')) return keyringOf([(memoryKey ??= newSecretsKey())], 'memory')
  const file = secretsKeyFile(config.dataDir)
  if (existsSync(file)) return keyringOf(readKeyFile(file), file)
  mkdirSync(config.dataDir, { recursive: true })
  const key = newSecretsKey()
  writeKeyFile(file, [key])
  return keyringOf([key], file)
}

/**
 * The keyring of this process: loaded once by whoever opens the database with the server's settings
 * (createApp, the maintenance scripts) before migrating, as one process serves one data directory.
 */
let active: SecretsKeyring | undefined
export const useSecretsKeyring = (keyring: SecretsKeyring) => {
  active = keyring
}
export const activeSecretsKeyring = (): SecretsKeyring => {
  if (!active) throw new Error('The secrets key is not loaded (SECRETS_KEY or DATA_DIR/secrets-key; see createApp)')
  return active
}

/**
 * A stored credential that cannot be opened: changed in the database, moved from another row, or sealed
 * with a key this server no longer has. Answered like a shop's unusable keys (502, as the provider's
 * refusal of bad keys is): the merchant enters them again. `reason` is for the server's log.
 */
export class SecretUnreadable extends BadGateway {
  constructor(readonly reason: string) {
    super("The shop's stored payment keys cannot be read; please enter them again in the payment settings", {
      key: 'errors.secretUnreadable'
    })
  }
}

export const isSealed = (stored: string) => stored.startsWith(SEALED)
/** The id of the key a stored value was sealed with (undefined when it is not sealed). */
export const sealedKeyId = (stored: string) => (isSealed(stored) ? stored.slice(SEALED.length).split(':')[0] : undefined)

/** Seals `value` with the keyring's current key; `context` (the shop and the name) must be the same to open it. */
export const sealSecret = (keyring: SecretsKeyring, value: string, context: string) => {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv)
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${SEALED}${keyring.current.id}:${iv.toString('base64url')}:${data.toString('base64url')}`
}

/** Opens a sealed value with whichever of the keyring's keys sealed it; anything else is SecretUnreadable. */
export const openSecret = (keyring: SecretsKeyring, stored: string, context: string) => {
  // A clear text where a sealed one belongs was not written by this server: refused like a changed one.
  if (!isSealed(stored)) throw new SecretUnreadable(`${context}: not sealed`)
  const [id, ivText, dataText, ...rest] = stored.slice(SEALED.length).split(':')
  const key = keyring.keys.get(id)
  if (!key) throw new SecretUnreadable(`${context}: sealed with key ${id}, which this server does not have`)
  const iv = Buffer.from(ivText ?? '', 'base64url')
  const data = Buffer.from(dataText ?? '', 'base64url')
  if (rest.length || iv.length !== IV_BYTES || data.length < TAG_BYTES) throw new SecretUnreadable(`${context}: malformed`)
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv)
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES))
    return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretUnreadable(`${context}: does not authenticate (changed, or moved from another shop or name)`)
  }
}
