import { existsSync } from 'node:fs'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Attachment } from '@emporia/shared'
import type { AttachmentService } from '../../../src/services/attachments/attachments.class'
import { UploadTokens, UPLOAD_TOKEN_TTL_MS } from '../../../src/services/attachments/upload-token'
import { shopOwner } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { upload, uploadToken } from '../../support/uploads'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/** A photo as a phone sends it: EXIF with a camera, a place and an orientation (6 = turn 90° clockwise). */
const photoWithExif = () =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: 'PhoneCo', Copyright: 'private person' }, IFD3: { GPSLatitudeRef: 'N' } }
    })
    .toBuffer()

const png = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: '#f00a' } })
    .png()
    .toBuffer()

/** A real 1×1 PNG whose header claims 100,000 × 100,000 pixels: decoded, it would need 40 GB. */
const pixelBomb = async () => {
  const bytes = Buffer.from(await png(1, 1))
  const ihdr = 8 // signature; then length (4), 'IHDR' (4), width, height, …
  bytes.writeUInt32BE(100_000, ihdr + 8)
  bytes.writeUInt32BE(100_000, ihdr + 12)
  bytes.writeUInt32BE(crc32(bytes.subarray(ihdr + 4, ihdr + 8 + 13)), ihdr + 8 + 13)
  return bytes
}

/** The smallest MP4 that says how long it is: `ftyp`, then `moov` holding an `mvhd` (version 0). */
const mp4 = (seconds: number) => {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(8 + body.length, 0)
    head.write(type, 4, 'latin1')
    return Buffer.concat([head, body])
  }
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.alloc(4), Buffer.from('isomiso2mp41', 'latin1')]))
  const mvhd = Buffer.alloc(100)
  mvhd.writeUInt32BE(1000, 12)
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16)
  return Buffer.concat([ftyp, box('free', Buffer.alloc(16)), box('moov', box('mvhd', mvhd))])
}

const SVG =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><script>alert(1)</script><rect width="120" height="60" fill="red"/></svg>'
const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'

describe.each(await dialects())('attachments (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  const service = () => t.app.service('attachments') as unknown as AttachmentService
  const api = (url: string, method = 'GET', token?: string, body?: unknown) =>
    json(`${t.url}/api/${url}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) })
  const send = async (owner: Owner, bytes: Uint8Array, name: string, type?: string) =>
    upload(t.url, { shop: owner.shopId, uploadToken: await uploadToken(t.url, owner.token, owner.shopId), bytes, name, type })
  const fetchBytes = async (url: string) => {
    const response = await fetch(`${t.url}${url}`)
    return { response, bytes: Buffer.from(await response.arrayBuffer()) }
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Media A')
    b = await shopOwner(t.url, 'Media B')
  })
  afterAll(() => t.close())

  it('stores a photo upright without its metadata, with sizes at 400/800/1200/2000 w never upscaled, and a thumbnail', async () => {
    const photo = await photoWithExif()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const { status, body } = await send(a, photo, 'holiday.jpg', 'image/jpeg')
    expect(status).toBe(201)
    const info = body?.info as Attachment
    // Orientation 6 applied: the 2400×1600 sensor image is a 1600×2400 portrait.
    expect(info).toMatchObject({
      shop: a.shopId,
      name: 'holiday.jpg',
      mime: 'image/jpeg',
      width: 1600,
      height: 2400,
      path: 'others/others'
    })
    expect(info.src).toBe(`/api/files/${info._id}`)
    expect(info.thumb).toMatch(/^data:image\/webp;base64,/)

    const original = await fetchBytes(info.src)
    expect(original.response.headers.get('content-type')).toBe('image/jpeg')
    expect(original.response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(original.bytes.length).toBe(info.size)
    const meta = await sharp(original.bytes).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect([meta.width, meta.height]).toEqual([1600, 2400])

    const widths: Record<string, number> = {}
    for (const size of ['small', 'medium', 'large', 'exlarge'])
      for (const format of ['webp', 'jpg']) {
        const { response, bytes } = await fetchBytes(`/api/files/${info._id}.${size}.${format}`)
        expect(response.headers.get('content-type')).toBe(format === 'webp' ? 'image/webp' : 'image/jpeg')
        const sized = await sharp(bytes).metadata()
        expect(sized.format).toBe(format === 'webp' ? 'webp' : 'jpeg')
        expect(sized.exif).toBeUndefined()
        widths[`${size}.${format}`] = sized.width
      }
    expect(widths).toEqual({
      'small.webp': 400,
      'small.jpg': 400,
      'medium.webp': 800,
      'medium.jpg': 800,
      'large.webp': 1200,
      'large.jpg': 1200,
      // 2000 w asked, 1600 w available: never enlarged.
      'exlarge.webp': 1600,
      'exlarge.jpg': 1600
    })
    // The spec's srcset address (§7.6) answers the same file.
    expect((await fetch(`${t.url}/api/attachments/${info._id}.small.webp`)).status).toBe(200)

    for (const url of [`/api/thumbs/${info._id}`, `/api/thumbs/${info._id}.webp`, `/api/thumbs/${info._id}.jpg`]) {
      const thumb = await fetchBytes(url)
      expect(thumb.response.status).toBe(200)
      const dims = await sharp(thumb.bytes).metadata()
      expect(Math.max(dims.width, dims.height)).toBe(300)
    }
    expect((await fetch(`${t.url}/api/thumbs/${'0'.repeat(24)}`)).status).toBe(404)
  })

  it('takes the type from the bytes: a PNG named .jpg is a PNG, an HTML page named .png is not an image', async () => {
    const pngAsJpg = await send(a, await png(), 'photo.jpg', 'image/jpeg')
    expect(pngAsJpg.status).toBe(201)
    expect(pngAsJpg.body?.info).toMatchObject({ mime: 'image/png', width: 300, height: 200 })

    const page = await send(a, Buffer.from(HTML), 'innocent.png', 'image/png')
    expect(page.status).toBe(201)
    const info = page.body?.info as Attachment
    expect(info.mime).toBe('text/html')
    expect(info.width).toBeUndefined()
    expect((await fetch(`${t.url}/api/thumbs/${info._id}`)).status).toBe(404)
    const served = await fetch(`${t.url}${info.src}`)
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/)
    expect(served.headers.get('content-security-policy')).toContain('sandbox')

    const unknown = await send(a, Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04]), 'data.bin')
    expect(unknown.status).toBe(400)
  })

  it('records the duration an MP4 states, and serves video whole or by range', async () => {
    const { status, body } = await send(a, mp4(12.345), 'clip.mov', 'video/quicktime')
    expect(status).toBe(201)
    const info = body?.info as Attachment
    expect(info).toMatchObject({ mime: 'video/mp4', duration: 12.345 })
    expect(info.width).toBeUndefined()
    const part = await fetch(`${t.url}${info.src}`, { headers: { range: 'bytes=0-7' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${info.size}`)
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1', 4, 8)).toBe('ftyp')
  })

  it('serves an SVG so that it cannot run script', async () => {
    const { status, body } = await send(a, Buffer.from(SVG), 'logo.svg')
    expect(status).toBe(201)
    const info = body?.info as Attachment
    expect(info).toMatchObject({ mime: 'image/svg+xml', width: 120, height: 60 })
    const served = await fetch(`${t.url}${info.src}`)
    expect(served.headers.get('content-type')).toBe('image/svg+xml')
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await fetch(`${t.url}/api/thumbs/${info._id}`)).headers.get('content-type')).toBe('image/webp')
  })

  it('refuses a file over the size cap with 413, before and while reading it', async () => {
    const limits = service().uploadLimits
    const saved = limits.maxBytes
    limits.maxBytes = 100_000
    try {
      // Declared length within the envelope: refused while streaming, once the cap is passed.
      const streamed = await send(a, Buffer.alloc(120_000, 1), 'big.bin')
      expect(streamed.status).toBe(413)
      // Declared length far over: refused before reading.
      const declared = await send(a, Buffer.alloc(400_000, 1), 'bigger.bin')
      expect(declared.status).toBe(413)
    } finally {
      limits.maxBytes = saved
    }
    expect((await api('health')).status).toBe(200)
  })

  it('refuses a decompression bomb and keeps answering', async () => {
    const bomb = await pixelBomb()
    expect(bomb.length).toBeLessThan(200)
    const { status, body } = await send(a, bomb, 'bomb.png')
    expect(status).toBe(413)
    expect(body).toMatchObject({ code: 413, data: { key: 'errors.imageTooLarge' } })
    expect((await api('health')).status).toBe(200)
    expect((await send(a, await png(10, 10), 'after.png')).status).toBe(201)
  })

  it('needs a valid, unexpired upload token for the same shop, issued only to its members', async () => {
    const bytes = await png(10, 10)
    expect((await upload(t.url, { shop: a.shopId, bytes, name: 'x.png' })).status).toBe(401)
    expect((await upload(t.url, { shop: a.shopId, uploadToken: a.token, bytes, name: 'x.png' })).status).toBe(401)
    const good = await uploadToken(t.url, a.token, a.shopId)
    const forged = good.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    expect((await upload(t.url, { shop: a.shopId, uploadToken: forged, bytes, name: 'x.png' })).status).toBe(401)
    const tokens = new UploadTokens('test-secret-that-is-long-enough')
    const expired = tokens.issue(a.userId, a.shopId, Date.now() - UPLOAD_TOKEN_TTL_MS - 1000).token
    expect((await upload(t.url, { shop: a.shopId, uploadToken: expired, bytes, name: 'x.png' })).status).toBe(401)
    // A's token does not open B's shop, and A cannot get a token for B.
    expect((await upload(t.url, { shop: b.shopId, uploadToken: good, bytes, name: 'x.png' })).status).toBe(403)
    expect((await api(`attachments/token?shop=${b.shopId}`, 'POST', a.token, {})).status).toBe(403)
    expect((await api(`attachments/token?shop=${a.shopId}`, 'POST', undefined, {})).status).toBe(401)
    // A token signed for B by a forger who is not a member is refused by the membership check.
    const foreign = tokens.issue(a.userId, b.shopId).token
    expect((await upload(t.url, { shop: b.shopId, uploadToken: foreign, bytes, name: 'x.png' })).status).toBe(403)
    expect((await upload(t.url, { shop: a.shopId, uploadToken: good, bytes, name: 'x.png' })).status).toBe(201)
  })

  it("lists a shop's images newest first, 40 a page, and keeps other shops' files out of reach", async () => {
    const mine = await send(b, await png(20, 20), 'b-only.png')
    const bId = (mine.body?.info as Attachment)._id
    await send(b, Buffer.from(HTML), 'b-page.html')
    const query = new URLSearchParams({ shop: b.shopId, '$sort[date]': '-1', 'mime[$regex]': '^image/' })
    const list = await api(`attachments?${query}`, 'GET', b.token)
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ total: 1, limit: 40, skip: 0 })
    expect((list.body?.data as Attachment[]).map((x) => x._id)).toEqual([bId])

    const ofA = await api(`attachments?${new URLSearchParams({ shop: a.shopId, '$sort[date]': '-1' })}`, 'GET', a.token)
    const dates = (ofA.body?.data as Attachment[]).map((x) => Date.parse(x.date))
    expect(dates).toEqual([...dates].sort((x, y) => y - x))
    expect((ofA.body?.data as Attachment[]).every((x) => x.shop === a.shopId)).toBe(true)

    expect((await api(`attachments?shop=${b.shopId}`, 'GET', a.token)).status).toBe(403)
    expect((await api(`attachments/${bId}?shop=${b.shopId}`, 'DELETE', a.token)).status).toBe(403)
    expect((await api(`attachments/${bId}?shop=${a.shopId}`, 'DELETE', a.token)).status).toBe(404)
    expect((await api(`attachments/${bId}?shop=${a.shopId}`, 'PATCH', a.token, { name: 'mine' })).status).toBe(404)
    expect((await fetch(`${t.url}/api/files/${bId}`)).status).toBe(200)
  })

  it('renames only, and removing deletes the record and every file', async () => {
    const { body } = await send(a, await png(900, 600), 'before.png')
    const info = body?.info as Attachment
    await fetch(`${t.url}/api/files/${info._id}.small.webp`)
    const renamed = await api(`attachments/${info._id}?shop=${a.shopId}`, 'PATCH', a.token, {
      name: 'after.png',
      mime: 'text/html'
    })
    expect(renamed.body).toMatchObject({ name: 'after.png', mime: 'image/png' })
    expect((await api(`attachments/${info._id}?shop=${a.shopId}`, 'PATCH', a.token, { $set: { mime: 'x' } })).status).toBe(400)

    const folder = path.join(service().media.root, a.shopId, info._id)
    expect(existsSync(path.join(folder, 'small.webp'))).toBe(true)
    expect((await api(`attachments/${info._id}?shop=${a.shopId}`, 'DELETE', a.token)).status).toBe(200)
    expect(existsSync(folder)).toBe(false)
    for (const url of [info.src, `/api/thumbs/${info._id}`, `/api/files/${info._id}.small.webp`])
      expect((await fetch(`${t.url}${url}`)).status).toBe(404)
    expect((await api(`attachments/${info._id}?shop=${a.shopId}`, 'GET', a.token)).status).toBe(404)
  })
})
