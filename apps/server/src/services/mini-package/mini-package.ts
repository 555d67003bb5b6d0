import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import type { FeathersKoaContext } from '@feathersjs/koa'
import type { Next } from 'koa'
import { ZipFile } from 'yazl'
import { callerIn, isObjectId, MINI_PACKAGE_PATH, pickTran, refusal, type Access } from '@emporia/shared'
import { checkFill, filledFile, MiniBuilds, MiniFillRefused, miniDistDir } from '../../domains/storefront/mini/mini-builds'
import { publicHostOf } from '../../domains/eshop/domains/storefront-host'
import type { AppConfig } from '../../config'
import type { ServiceContext } from '../../platform/http/service-context'
import type { App } from '../../platform/http/server-services'
import { restSignIn } from '../../platform/http/rest-sign-in'

/** Who may download the package: the shop's admins, with the mini area's feature (`app`, spec §2.2). */
export const MINI_PACKAGE_ACCESS: Access = { roles: ['admin'], gate: { attribute: 'app' } }
/** Files a package may hold: the platform takes a few MB; more is a build gone wrong. */
const MAX_FILES = 2000

/**
 * The shop's storefront as an absolute address, for a client that is not a browser on it: its alias
 * (its main verified domain) on the platform's scheme, else `{subdomain}.{PUBLIC_HOST}`, else the
 * path fallback `PUBLIC_URL/s/{subdomain}` (as order mails link it, decision 0147).
 */
export const storefrontApiBase = (
  config: Pick<AppConfig, 'publicUrl' | 'publicHost'>,
  shop: { subdomain: string; alias?: string | null }
) => {
  const protocol = new URL(config.publicUrl).protocol
  if (shop.alias) return `${protocol}//${shop.alias.toLowerCase()}`
  if (config.publicHost) return `${protocol}//${shop.subdomain.toLowerCase()}.${publicHostOf(config)}`
  return `${config.publicUrl.replace(/\/+$/, '')}/s/${shop.subdomain}`
}

/** Every file of a folder, as paths inside it with `/`, sorted (the zip lists them in that order). */
const filesOf = async (folder: string) =>
  (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')))
    .sort()

/** The platform's project file: the build's own, if any, with the shop's program and name. */
const projectConfig = (own: Buffer | undefined, appid: string, projectname: string) => {
  let base: Record<string, unknown> = {}
  try {
    const parsed: unknown = own ? JSON.parse(own.toString('utf8')) : {}
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) base = parsed as Record<string, unknown>
  } catch {
    base = {}
  }
  return Buffer.from(
    `${JSON.stringify({ ...base, appid, projectname, miniprogramRoot: '', compileType: 'miniprogram' }, null, 2)}\n`
  )
}

const fileName = (subdomain: string) => `mini-program-${subdomain.toLowerCase().replace(/[^a-z0-9-]/g, '-') || 'shop'}.zip`

/**
 * `GET /api/mini/package?shop=…` (decision 0206): the mini-program package the merchant uploads to the
 * platform, a zip of the client's weapp build with the shop's storefront address and id filled in and
 * `project.config.json` naming the shop's program. The caller signs in with the staff token as for any
 * REST call; an admin of the shop with the feature. Refused before a byte is sent: no program id saved
 * (`mini.noProgramId`), no build (`mini.notBuilt`). The secret is never read here.
 */
const packageRoute =
  (app: App, context: ServiceContext, builds: MiniBuilds, log: (error: unknown) => void) =>
  async (ctx: FeathersKoaContext, next: Next) => {
    if (ctx.method !== 'GET' || ctx.lookup?.params?.__id !== undefined) return next()
    const params = await restSignIn(app, ctx)
    const shop = typeof ctx.query.shop === 'string' ? ctx.query.shop.trim() : ''
    if (!isObjectId(shop)) throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
    const record = await context.directory.get(shop)
    const refused = refusal(MINI_PACKAGE_ACCESS, callerIn(record ?? {}, params.user._id))
    if (refused === 'notMember') throw new Forbidden('You are not a member of this shop', { key: 'errors.notMember' })
    if (refused === 'role') throw new Forbidden('No Permission', { key: 'errors.noPermission' })
    if (refused) throw new Forbidden('This feature is not enabled for the shop', { key: 'errors.featureOff' })
    const knex = context.db.knex
    const row = (await knex('shops').where({ _id: shop }).first('name', 'subdomain', 'alias')) as
      { name: unknown; subdomain: string; alias: string | null } | undefined
    const settings = (await knex('miniSettings').where({ shop }).first('programId')) as { programId: string | null } | undefined
    if (!row || !settings?.programId)
      throw new BadRequest('Save the mini-program id first', { key: 'mini.noProgramId', field: 'programId' })
    const folder = builds.folder('weapp')
    if (!folder) throw new BadRequest('The mini-program package has not been built on this server', { key: 'mini.notBuilt' })
    let fill
    try {
      fill = checkFill({ apiBase: storefrontApiBase(context.config, row), shop })
    } catch (error) {
      if (!(error instanceof MiniFillRefused)) throw error
      throw new BadRequest("The shop's address cannot be written into the package", { key: 'mini.notBuilt' })
    }
    const files = await filesOf(folder)
    if (files.length > MAX_FILES) throw new BadRequest('The mini-program build is too large', { key: 'mini.notBuilt' })

    const zip = new ZipFile()
    const stamp = new Date()
    let own: Buffer | undefined
    for (const file of files) {
      const found = await builds.file('weapp', file)
      if (!found) continue
      if (file === 'project.config.json') own = found.bytes
      else zip.addBuffer(filledFile(file, found.bytes, fill), file, { mtime: stamp })
    }
    zip.addBuffer(projectConfig(own, settings.programId, pickTran(row.name, 'en') || row.subdomain), 'project.config.json', {
      mtime: stamp
    })
    zip.end()
    ctx.status = 200
    ctx.set('Content-Type', 'application/zip')
    ctx.set('Content-Disposition', `attachment; filename="${fileName(row.subdomain)}"`)
    ctx.set('Cache-Control', 'no-store')
    ctx.set('Access-Control-Expose-Headers', 'Content-Disposition')
    const output = zip.outputStream
    output.on('error', (error: unknown) => {
      log(error)
      ctx.res.destroy()
    })
    ctx.body = output
  }

/** The download exists as a Koa route on its path; clients call no method of it. */
class MiniPackage {
  async setup() {}
}

export const miniPackage = (context: ServiceContext) => (app: Application) => {
  const log = context.config.logLevel === 'silent' ? () => undefined : (error: unknown) => console.error(error)
  const builds = new MiniBuilds(miniDistDir(), context.config.logLevel === 'silent' ? () => undefined : undefined)
  app.use(MINI_PACKAGE_PATH, new MiniPackage(), {
    methods: [],
    koa: { before: [packageRoute(app as App, context, builds, log)] }
  })
}
