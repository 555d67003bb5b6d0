import { createReadStream } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import path from 'node:path'
import { NotFound } from '@feathersjs/errors'
import type { FeathersKoaContext } from '@feathersjs/koa'
import { isObjectId, type Attachment, type ImageSize } from '@emporia/shared'
import type { AttachmentService } from './attachments.class'
import { extensionOf } from './file-kind'
import { sized, thumbnail, type OutputFormat } from './images'

/**
 * Public file addresses (spec §7.6, §9.6); the /api prefix is already off:
 *   /files/{id}                                   the stored original
 *   /files/{id}.{size}.{webp|jpg}                 a srcset size (also under /attachments/, as spec §7.6 writes it)
 *   /thumbs/{id}  /thumbs/{id}.{webp|jpg}         the grid thumbnail
 */
const FILE = /^\/files\/([0-9a-f]{24})\/?$/
const SIZE = /^\/(?:files|attachments)\/([0-9a-f]{24})\.(small|medium|large|exlarge)\.(webp|jpg)$/
const THUMB = /^\/thumbs\/([0-9a-f]{24})(?:\.(webp|jpg))?$/

type Wanted = { id: string; variant: 'original' } | { id: string; variant: 'thumb' | ImageSize; format: OutputFormat }

const parse = (pathname: string): Wanted | undefined => {
  let m = FILE.exec(pathname)
  if (m) return { id: m[1], variant: 'original' }
  m = SIZE.exec(pathname)
  if (m) return { id: m[1], variant: m[2] as ImageSize, format: m[3] as OutputFormat }
  m = THUMB.exec(pathname)
  if (m) return { id: m[1], variant: 'thumb', format: (m[2] as OutputFormat | undefined) ?? 'webp' }
  return undefined
}

export const isFileRequest = (ctx: FeathersKoaContext) =>
  (ctx.method === 'GET' || ctx.method === 'HEAD') && Boolean(parse(ctx.path))

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false
  )

/** Sizes are made on first request and kept on disk; one generation per file however many ask at once. */
const pending = new Map<string, Promise<void>>()
let running = 0
const waiting: (() => void)[] = []
// Encoding is CPU work for libvips' own threads: a few at a time keeps the event loop and the disk responsive.
const MAX_PARALLEL = 2

const generate = async (file: string, make: () => Promise<void>) => {
  if (await exists(file)) return
  let job = pending.get(file)
  if (!job) {
    job = (async () => {
      if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve))
      running++
      try {
        await make()
      } finally {
        running--
        waiting.shift()?.()
      }
    })().finally(() => pending.delete(file))
    pending.set(file, job)
  }
  await job
}

const isRaster = (mime: string) => mime.startsWith('image/') && mime !== 'image/svg+xml'

/** The file to send for a request, made if it is a size not made yet; undefined when there is none. */
const resolveFile = async (service: AttachmentService, record: Attachment, wanted: Wanted) => {
  const folder = service.media.folder(record.shop, record._id)
  const original = path.join(folder, `original.${extensionOf(record.mime)}`)
  if (wanted.variant === 'original') return { file: original, mime: record.mime }
  // A drawing has no pixel sizes: every size of an SVG is the SVG itself.
  if (record.mime === 'image/svg+xml' && wanted.variant !== 'thumb') return { file: original, mime: record.mime }
  const mime = wanted.format === 'webp' ? 'image/webp' : 'image/jpeg'
  const file = path.join(folder, `${wanted.variant}.${wanted.format}`)
  if (wanted.variant === 'thumb') {
    if (!record.thumb) return undefined
    const source = record.mime === 'image/svg+xml' ? original : path.join(folder, 'thumb.webp')
    await generate(file, () => thumbnail(source, file, wanted.format, service.uploadLimits.maxPixels))
    return { file, mime }
  }
  if (!isRaster(record.mime)) return undefined
  const variant = wanted.variant
  await generate(file, () => sized(original, file, variant, wanted.format, service.uploadLimits.maxPixels))
  return { file, mime }
}

const disposition = (record: Attachment, sendsOriginal: boolean) => {
  const name = encodeURIComponent(record.name)
  // Pages and documents are downloaded, never shown under our origin; media is shown inline.
  const inline = !sendsOriginal || /^(image|video|audio)\//.test(record.mime) || record.mime === 'application/pdf'
  return `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`
}

/** A single `bytes=a-b` range (video players seek with it); anything else is answered whole. */
const range = (header: string | undefined, size: number) => {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header) : null
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1])
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  return start <= end && start < size ? { start, end } : null
}

export const fileRoute = (service: () => AttachmentService) => async (ctx: FeathersKoaContext) => {
  const wanted = parse(ctx.path)
  const attachments = service()
  const record = wanted && isObjectId(wanted.id) ? await attachments.locate(wanted.id) : undefined
  const found = record && wanted ? await resolveFile(attachments, record, wanted) : undefined
  const info = found ? await stat(found.file).catch(() => undefined) : undefined
  if (!record || !found || !info) throw new NotFound('File not found')
  // Nothing served here may be read as anything but its type, nor run script (SVG, HTML).
  ctx.set('X-Content-Type-Options', 'nosniff')
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
  ctx.set('Content-Disposition', disposition(record, found.mime === record.mime))
  // The bytes behind an address never change (a rename changes only the record).
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
  ctx.set('ETag', `"${record._id}-${path.basename(found.file)}-${info.size}"`)
  ctx.set('Accept-Ranges', 'bytes')
  ctx.type = found.mime
  if (ctx.fresh) {
    ctx.status = 304
    return
  }
  const part = range(ctx.get('range') || undefined, info.size)
  if (part === null) {
    ctx.status = 416
    ctx.set('Content-Range', `bytes */${info.size}`)
    return
  }
  ctx.status = part ? 206 : 200
  if (part) ctx.set('Content-Range', `bytes ${part.start}-${part.end}/${info.size}`)
  ctx.length = part ? part.end - part.start + 1 : info.size
  if (ctx.method === 'HEAD') return
  ctx.body = createReadStream(found.file, part ?? {})
}
