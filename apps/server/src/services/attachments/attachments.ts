import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import type { FeathersKoaContext } from '@feathersjs/koa'
import type { Next } from 'koa'
import { servicePaths, type AttachmentUploadToken } from '@emporia/shared'
import { resolveAuthSecret } from '../../config'
import { shopScoped } from '../../platform/tenancy'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { AttachmentService } from './attachments.class'
import { attachmentModel } from './attachments.schema'
import { fileRoute, isFileRequest } from './file-routes'
import { mediaLimits, MediaStore } from './media-store'
import { isUploadRequest, uploadRoute } from './upload-route'
import { UploadTokens } from './upload-token'

// What business areas use of the media library (the storefront's payment slips): its public face.
export type { AttachmentService } from './attachments.class'
export { detectKind } from './file-kind'
export { receive } from './upload-route'

/** Where a client gets an upload token: `create {}` with `?shop=` (docs/decisions/0021-media.md). */
export const ATTACHMENT_TOKEN_PATH = `${servicePaths.attachments}/token`

class UploadTokenService {
  constructor(private readonly tokens: UploadTokens) {}

  async create(_data: unknown, params: RecordParams & { user?: { _id: string } }): Promise<AttachmentUploadToken> {
    if (!params.shop || !params.user) throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
    return this.tokens.issue(params.user._id, params.shop)
  }
}

/** The media library: the shop-scoped `attachments` service and the upload-token service beside it. */
export const attachments = (context: ServiceContext) => (app: Application) => {
  const tokens = new UploadTokens(resolveAuthSecret(context.config))
  const service = new AttachmentService(
    { ...context.records, model: attachmentModel, paginate: { default: 40, max: context.records.paginate.max } },
    new MediaStore(context.config),
    mediaLimits(),
    { tokens, directory: context.directory }
  )
  app.use(servicePaths.attachments, service, { methods: ['find', 'get', 'patch', 'remove'] })
  app.service(servicePaths.attachments).hooks({
    before: { all: shopScoped(context.directory, servicePaths.attachments) }
  })
  // Issuing a token is an upload permission: the attachments write rule decides, in the caller's shop.
  app.use(ATTACHMENT_TOKEN_PATH, new UploadTokenService(tokens), { methods: ['create'] })
  app.service(ATTACHMENT_TOKEN_PATH).hooks({ before: { all: shopScoped(context.directory, servicePaths.attachments) } })
}

/**
 * The attachments service as registered, with what the media library offers beyond the wire's map
 * (its file store, upload limits, `ingest`): for the file routes and the storefront's payment slips.
 */
export const mediaLibrary = (app: Application) => app.service(servicePaths.attachments) as unknown as AttachmentService

/**
 * The plain-HTTP part of media: uploads (multipart, so never through the JSON body parser) and
 * public file reads. Mount it before the body parser; the service is looked up per request.
 */
export const mediaRoutes = (app: Application) => {
  const service = () => mediaLibrary(app)
  const upload = uploadRoute(service)
  const files = fileRoute(service)
  return (ctx: FeathersKoaContext, next: Next) => {
    if (isUploadRequest(ctx)) return upload(ctx)
    if (isFileRequest(ctx)) return files(ctx)
    return next()
  }
}
