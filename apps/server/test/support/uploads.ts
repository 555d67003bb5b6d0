import { json } from './clients'

/** An upload token for a shop, from `attachments/token` (the call a signed-in client makes first). */
export const uploadToken = async (base: string, token: string, shop: string) => {
  const { status, body } = await json(`${base}/api/attachments/token?shop=${shop}`, { method: 'POST', token, body: '{}' })
  if (status !== 201) throw new Error(`upload token refused: ${status} ${JSON.stringify(body)}`)
  return body?.token as string
}

/** POSTs one file as multipart field `file`, as the media library does. */
export const upload = async (
  base: string,
  options: { shop: string; uploadToken?: string; bytes: Uint8Array; name: string; type?: string; path?: string }
) => {
  const form = new FormData()
  form.append('file', new Blob([options.bytes], { type: options.type ?? 'application/octet-stream' }), options.name)
  const query = new URLSearchParams({ shop: options.shop, ...(options.uploadToken ? { token: options.uploadToken } : {}) })
  const response = await fetch(`${base}/api/attachments/upload${options.path ?? '/others/others'}?${query}`, {
    method: 'POST',
    body: form
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined }
}

/** A shop owner uploads a file; answers the new record's id. */
export const uploadAs = async (
  base: string,
  owner: { token: string; shopId: string },
  bytes: Uint8Array,
  name = 'sample.png'
) => {
  const result = await upload(base, {
    shop: owner.shopId,
    uploadToken: await uploadToken(base, owner.token, owner.shopId),
    bytes,
    name
  })
  if (result.status !== 201) throw new Error(`upload failed: ${result.status} ${JSON.stringify(result.body)}`)
  return (result.body?.info as { _id: string })._id
}

/** A valid 1×1 PNG, for tests that need any image. */
export const tinyPng = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4//8/AAX+Av5Y8msOAAAAAElFTkSuQmCC',
    'base64'
  )
