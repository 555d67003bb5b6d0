import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The mini-program client's builds (`apps/mini`, issue 37, decision 0206): `dist/h5` (index.html, js/,
 * chunk/) served per shop at `{base}/_mini/`, and `dist/weapp` (the messaging platform's package) zipped
 * per shop for the merchant to upload. Their compiled code holds two placeholders inside string literals,
 * filled here per shop: the storefront API base and the shop's id.
 */
export const MINI_PLACEHOLDERS = { apiBase: '@@EMPORIA_API_BASE@@', shop: '@@EMPORIA_SHOP@@' } as const
export type MiniBuildKind = 'h5' | 'weapp'

/** The file each build must hold to count as built. */
const MARKER: Record<MiniBuildKind, string> = { h5: 'index.html', weapp: 'app.json' }

/** Files whose text carries the placeholders; everything else is served or zipped as it is. */
const FILLED = new Set(['.js', '.mjs', '.html', '.json', '.wxml', '.wxs'])
export const isFilled = (file: string) => FILLED.has(path.extname(file).toLowerCase())

/**
 * What a placeholder may become: an address's own characters only (letters, digits, `.-_~:/`). A quote,
 * a backslash, a line break, `<`, `$` or `{` would let the value leave the string literal (or the script
 * element) it is put in, so such a value is refused rather than escaped into something else.
 */
const SAFE_VALUE = /^[A-Za-z0-9._~:/-]{0,300}$/

export class MiniFillRefused extends Error {}

/** The placeholders' values for one shop, checked once. */
export interface MiniFill {
  apiBase: string
  shop: string
}

export const checkFill = (fill: MiniFill): MiniFill => {
  for (const [name, value] of Object.entries(fill))
    if (typeof value !== 'string' || !SAFE_VALUE.test(value))
      throw new MiniFillRefused(`The mini-program's ${name} has characters it cannot carry`)
  // The whitelist leaves nothing for JSON's escapes to change: what is written is a valid string's content.
  return { apiBase: JSON.stringify(fill.apiBase).slice(1, -1), shop: JSON.stringify(fill.shop).slice(1, -1) }
}

/** A file's text with both placeholders replaced (the values checked by `checkFill`). */
export const fillText = (text: string, fill: MiniFill) =>
  text.split(MINI_PLACEHOLDERS.apiBase).join(fill.apiBase).split(MINI_PLACEHOLDERS.shop).join(fill.shop)

/** A file's bytes as served or zipped for a shop: text files filled, others as they are. */
export const filledFile = (file: string, bytes: Buffer, fill: MiniFill): Buffer =>
  isFilled(file) ? Buffer.from(fillText(bytes.toString('utf8'), fill), 'utf8') : bytes

/**
 * The repository's `apps/mini/dist`: the folder above this file (the source's, or the server build's
 * `dist/`) that holds `apps/server`, then its mini-program client's builds.
 */
export const defaultMiniDist = (from = path.dirname(fileURLToPath(import.meta.url))): string | undefined => {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps', 'server'))) return path.join(dir, 'apps', 'mini', 'dist')
    if (path.dirname(dir) === dir) return undefined
  }
}

/** The builds' folder a process uses: MINI_DIST_DIR when set, else the repository's (decision 0206). */
export const miniDistDir = (env: NodeJS.ProcessEnv = process.env) => env.MINI_DIST_DIR || defaultMiniDist()

/**
 * The builds' folder: MINI_DIST_DIR, else the repository's `apps/mini/dist` (index.ts resolves it beside
 * the server, as it does the web app's). A build not made answers undefined, never an error.
 */
export class MiniBuilds {
  constructor(
    readonly dir: string | undefined,
    private readonly log: (message: string) => void = (message) => console.warn(message)
  ) {}

  private warned = new Set<MiniBuildKind>()

  /** The build's folder, or undefined (with one log line per process and build) when it was not built. */
  folder(kind: MiniBuildKind): string | undefined {
    const folder = this.dir ? path.resolve(this.dir, kind) : undefined
    if (folder && existsSync(path.join(folder, MARKER[kind]))) return folder
    if (!this.warned.has(kind)) {
      this.warned.add(kind)
      this.log(
        `mini-program: no ${kind} build at ${folder ?? '(MINI_DIST_DIR unset)'}; run "npm run build -w apps/mini" (decision 0206)`
      )
    }
    return undefined
  }

  /**
   * A file of a build by its path inside it, or undefined: only plain files under the folder, never a
   * dot-file nor anything `..` reaches outside of it.
   */
  async file(kind: MiniBuildKind, relative: string): Promise<{ file: string; bytes: Buffer; mtimeMs: number } | undefined> {
    const folder = this.folder(kind)
    if (!folder) return undefined
    const parts = relative.split('/').filter(Boolean)
    if (!parts.length || parts.some((part) => part.startsWith('.') || part.includes('\\') || part.includes('\0')))
      return undefined
    const file = path.resolve(folder, ...parts)
    if (!file.startsWith(`${folder}${path.sep}`)) return undefined
    try {
      const stat = statSync(file)
      if (!stat.isFile()) return undefined
      return { file, bytes: await readFile(file), mtimeMs: stat.mtimeMs }
    } catch {
      return undefined
    }
  }
}
