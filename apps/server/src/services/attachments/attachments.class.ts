import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { BadRequest, FeathersError, MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import { servicePaths, type Attachment, type AttachmentPatch } from '@emporia/shared'
import { RecordService, type RecordOptions, type RecordParams } from '../../platform/records/record-service'
import { detectKind, extensionOf } from './file-kind'
import { ingestImage, ingestSvg, PixelLimitError, type ImageFacts } from './images'
import { newAttachmentId, type MediaLimits, type MediaStore } from './media-store'
import { mp4Duration } from './video-duration'
import type { UploadTokens } from './upload-token'
import type { ShopDirectory } from '../../platform/tenancy'

/** 413 has no Feathers class of its own. */
export const tooLarge = (message: string, key: string) =>
  new FeathersError(message, 'PayloadTooLarge', 413, 'payload-too-large', { key })

export interface Upload {
  shop: string
  /** `{dir}/{parent}` of the upload address. */
  path: string
  /** The name the client gave; kept for display only, never used for the type or the disk. */
  name: string
  /** The received bytes, in the store's temporary folder; the caller removes it afterwards. */
  file: string
}

/** File names end up in lists and Content-Disposition: no folders, no control characters. */
const cleanName = (name: string) =>
  (
    path
      .basename(name.replace(/\\/g, '/'))
      .split('')
      .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
      .join('')
      .trim() || 'file'
  ).slice(0, 255)

/**
 * The media library's records (spec §3.6). Records are made only by `ingest` (the upload route);
 * clients find, get, rename and remove them, and a removal deletes the files as well.
 */
export class AttachmentService extends RecordService<Attachment, Partial<Attachment>, AttachmentPatch> {
  constructor(
    options: RecordOptions,
    readonly media: MediaStore,
    readonly uploadLimits: MediaLimits,
    /** What the upload route checks a token and the caller's membership with. */
    readonly uploads: { tokens: UploadTokens; directory: ShopDirectory }
  ) {
    super(options)
  }

  async teardown() {
    this.media.close()
  }

  override async patch(id: NullableId, data: AttachmentPatch, params?: RecordParams): Promise<Attachment | Attachment[]> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    // Only the name is the client's; operators could reach the server-owned columns.
    if (data && typeof data === 'object' && Object.keys(data).some((key) => key.startsWith('$')))
      throw new BadRequest('Only the name of an attachment can be changed', { field: 'name' })
    return super.patch(id, data, params)
  }

  override async remove(id: NullableId, params?: RecordParams): Promise<Attachment | Attachment[]> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    const removed = (await super.remove(id, params)) as Attachment
    // The row goes first: a file left behind by a crash here is garbage, a row without files a broken image.
    await this.media.removeFolder(removed.shop, removed._id)
    return removed
  }

  /** Turns a received file into a stored attachment: real type, limits, clean copy, previews, record. */
  async ingest(upload: Upload): Promise<Attachment> {
    const received = await stat(upload.file)
    if (received.size > this.uploadLimits.maxBytes) throw tooLarge('The file is too large', 'errors.fileTooLarge')
    const kind = await detectKind(upload.file)
    if (!kind) throw new BadRequest('This type of file is not accepted', { key: 'errors.fileType', field: 'file' })
    const _id = newAttachmentId()
    const folder = this.media.folder(upload.shop, _id)
    const original = path.join(folder, `original.${extensionOf(kind.mime)}`)
    const thumb = path.join(folder, 'thumb.webp')
    await mkdir(folder, { recursive: true })
    try {
      let facts: ImageFacts = { width: null, height: null, preview: null }
      let duration: number | null = null
      if (kind.group === 'image') facts = await ingestImage(upload.file, original, thumb, kind, this.uploadLimits.maxPixels)
      else {
        if (kind.group === 'svg') facts = await ingestSvg(upload.file, thumb, this.uploadLimits.maxPixels)
        if (kind.mime === 'video/mp4' || kind.mime === 'video/quicktime') duration = await mp4Duration(upload.file)
        await rename(upload.file, original)
      }
      const { size } = await stat(original)
      const record = await this._create({
        _id,
        shop: upload.shop,
        name: cleanName(upload.name),
        path: upload.path,
        src: `/api/files/${_id}`,
        mime: kind.mime,
        size,
        width: facts.width,
        height: facts.height,
        duration,
        thumb: facts.preview
      })
      this.app?.service(servicePaths.attachments).emit('created', record)
      return record
    } catch (error) {
      await rm(folder, { recursive: true, force: true })
      if (error instanceof PixelLimitError)
        throw tooLarge(`The image has more than ${this.uploadLimits.maxPixels} pixels`, 'errors.imageTooLarge')
      if (error instanceof FeathersError) throw error
      // sharp refuses truncated or corrupt images: the client's bytes are at fault, not the server.
      if (kind.group === 'image' && error instanceof Error && !('code' in error))
        throw new BadRequest('The image could not be read', { key: 'errors.fileType', field: 'file' })
      throw error
    }
  }

  /** The stored record behind a public file address, whatever shop it belongs to. */
  async locate(id: Id): Promise<Attachment | undefined> {
    try {
      return await this._get(id)
    } catch {
      return undefined
    }
  }
}
