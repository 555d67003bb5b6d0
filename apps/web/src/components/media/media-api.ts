import { servicePaths, type Attachment } from '@emporia/shared'
import { loadClient } from '../../lib/client'
import { shopQuery } from '../../lib/shop'

/**
 * Every media HTTP call of the web app, in one place (spec §7.6), so the server's names can
 * change here alone.
 */
export type { Attachment }

export const MEDIA_PAGE_SIZE = 40

const service = <P extends 'attachments' | 'attachments/token'>(path: P) =>
  loadClient().then(({ client }) => client.service(path))

export const thumbUrl = (id: string) => `/api/thumbs/${id}`
/** A stored original (the file routes' `/files/{id}`; `/attachments/{id}` is the record, JSON for a signed-in client). */
export const attachmentUrl = (id: string) => `/api/files/${id}`
/** srcset of spec §9.6: 400/800/1200/2000 w, webp. */
export const srcSet = (id: string) =>
  (['small 400w', 'medium 800w', 'large 1200w', 'exlarge 2000w'] as const)
    .map((entry) => {
      const [size, width] = entry.split(' ')
      return `/api/attachments/${id}.${size}.webp ${width}`
    })
    .join(', ')

/** A mime filter (spec §5.6): `*` or `*\/*` means none, else a prefix such as `image/`. */
export const mimeCondition = (accept: string): Record<string, unknown> => {
  if (!accept || accept === '*' || accept === '*/*') return {}
  const prefix = accept.replace(/\*$/, '')
  return { mime: { $regex: `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` } }
}

export const listAttachments = async (accept: string, skip: number) => {
  const result = await (
    await service(servicePaths.attachments)
  ).find({
    query: shopQuery({ $sort: { date: -1 }, ...mimeCondition(accept), $limit: MEDIA_PAGE_SIZE, $skip: skip })
  })
  // A server without paging would answer the plain list.
  return Array.isArray(result) ? { total: result.length, data: result as Attachment[] } : result
}

export const removeAttachment = async (id: string) => (await service(servicePaths.attachments)).remove(id, { query: shopQuery() })

/** A short-lived upload token bound to the user and shop: the URL ends up in logs, the access token must not. */
export const uploadToken = async () => (await (await service('attachments/token')).create({}, { query: shopQuery() })).token

/** Uploads one file with progress (XMLHttpRequest: fetch has no upload progress). */
export const uploadFile = async (
  file: File,
  onProgress: (fraction: number) => void,
  dir = 'others',
  parent = 'others'
): Promise<Attachment> => {
  const token = await uploadToken()
  const { shop } = shopQuery()
  const url = `/api/attachments/upload/${encodeURIComponent(dir)}/${encodeURIComponent(parent)}?token=${encodeURIComponent(token)}&shop=${encodeURIComponent(String(shop))}`
  const body = new FormData()
  body.append('file', file)
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    request.onload = () => {
      let answer: { info?: Attachment; message?: string } = {}
      try {
        answer = JSON.parse(request.responseText) as typeof answer
      } catch {
        answer = { message: request.statusText }
      }
      if (request.status >= 200 && request.status < 300 && answer.info) {
        onProgress(1)
        resolve(answer.info)
      } else reject(answer)
    }
    request.onerror = () => reject(new Error(request.statusText || 'Upload failed'))
    request.send(body)
  })
}
