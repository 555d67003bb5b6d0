import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import Busboy from 'busboy'
import { BadRequest, Forbidden, NotAuthenticated } from '@feathersjs/errors'
import type { FeathersKoaContext } from '@feathersjs/koa'
import { callerIn, refusal, serviceRules, servicePaths, type AttachmentUploadResult } from '@emporia/shared'
import type { ShopDirectory } from '../../platform/tenancy'
import { tooLarge, type AttachmentService } from './attachments.class'
import type { UploadTokens } from './upload-token'

/** `/attachments/upload` or `/attachments/upload/{dir}/{parent}` (the /api prefix is already off). */
const ROUTE = /^\/attachments\/upload(?:\/([^/]+)\/([^/]+))?\/?$/
const SEGMENT = /^[\w.-]{1,64}$/
// Multipart framing around the file: boundaries, part headers, a few small fields.
const ENVELOPE_BYTES = 64 * 1024

export const isUploadRequest = (ctx: FeathersKoaContext) => ctx.method === 'POST' && ROUTE.test(ctx.path)

const segment = (raw: string | undefined) => {
  if (raw === undefined) return 'others'
  let value: string
  try {
    value = decodeURIComponent(raw)
  } catch {
    value = ''
  }
  if (!SEGMENT.test(value)) throw new BadRequest('Invalid upload folder', { field: 'path' })
  return value
}

/** Who may upload: a valid, unexpired token for this shop, whose user may still write attachments there. */
const authorise = async (ctx: FeathersKoaContext, tokens: UploadTokens, directory: ShopDirectory) => {
  const grant = tokens.verify(ctx.query.token)
  if (grant === 'malformed') throw new NotAuthenticated('Invalid upload token', { key: 'errors.uploadToken' })
  if (grant === 'expired') throw new NotAuthenticated('The upload token has expired', { key: 'errors.uploadToken' })
  const shop = ctx.query.shop ?? grant.shop
  if (shop !== grant.shop) throw new Forbidden('The upload token is for another shop', { key: 'errors.noPermission' })
  // Membership is checked again: someone removed from the shop a minute ago must not keep uploading.
  const record = await directory.get(grant.shop)
  const why = refusal(serviceRules[servicePaths.attachments].write, callerIn(record ?? {}, grant.user))
  if (why) throw new Forbidden('No Permission', { key: why === 'notMember' ? 'errors.notMember' : 'errors.noPermission' })
  return grant
}

/** Streams the multipart field `file` to a temporary file, never holding the upload in memory. */
export const receive = (ctx: FeathersKoaContext, target: string, maxBytes: number) =>
  new Promise<{ name: string; truncated: boolean } | undefined>((resolve, reject) => {
    let busboy: Busboy.Busboy
    try {
      busboy = Busboy({
        headers: ctx.req.headers,
        // Browsers send UTF-8 file names (Chinese ones too); busboy's default would read them as Latin-1.
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 4096, parts: 30 }
      })
    } catch {
      reject(new BadRequest('Expected a multipart/form-data body with a field "file"', { field: 'file' }))
      return
    }
    let writing: Promise<{ name: string; truncated: boolean } | undefined> = Promise.resolve(undefined)
    busboy.on('file', (field, stream, info) => {
      if (field !== 'file') return stream.resume()
      let truncated = false
      stream.on('limit', () => (truncated = true))
      writing = pipeline(stream, createWriteStream(target)).then(() => ({ name: info.filename ?? 'file', truncated }))
      // Keep the rejection handled until `close` awaits it.
      writing.catch(() => undefined)
    })
    busboy.on('error', () => reject(new BadRequest('The upload could not be read', { field: 'file' })))
    busboy.on('close', () => writing.then(resolve, reject))
    ctx.req.on('aborted', () => reject(new BadRequest('The upload was interrupted', { field: 'file' })))
    ctx.req.pipe(busboy)
  })

/**
 * `POST /api/attachments/upload/{dir}/{parent}?token=&shop=` (spec §7.6), multipart field `file`:
 * answers 201 `{info: Attachment}`. The token comes from `attachments/token` (docs/decisions/0021-media.md).
 */
export const uploadRoute = (service: () => AttachmentService) => async (ctx: FeathersKoaContext) => {
  const [, dir, parent] = ROUTE.exec(ctx.path) ?? []
  const folderPath = `${segment(dir)}/${segment(parent)}`
  const attachments = service()
  const grant = await authorise(ctx, attachments.uploads.tokens, attachments.uploads.directory).catch((error: unknown) => {
    // A refused upload's body is never read: close rather than let the client send it all.
    ctx.set('Connection', 'close')
    throw error
  })
  const { maxBytes } = attachments.uploadLimits
  const declared = Number(ctx.get('content-length') || 0)
  if (declared > maxBytes + ENVELOPE_BYTES) {
    // Refuse before reading; closing the connection stops a client that keeps sending.
    ctx.set('Connection', 'close')
    throw tooLarge('The file is too large', 'errors.fileTooLarge')
  }
  const file = attachments.media.tempFile()
  try {
    const received = await receive(ctx, file, maxBytes)
    if (!received) throw new BadRequest('The field "file" is required', { field: 'file', key: 'format.required' })
    if (received.truncated) throw tooLarge('The file is too large', 'errors.fileTooLarge')
    const info = await attachments.ingest({ shop: grant.shop, path: folderPath, name: received.name, file })
    const body: AttachmentUploadResult = { info }
    ctx.status = 201
    ctx.body = body
  } finally {
    await rm(file, { force: true })
  }
}
