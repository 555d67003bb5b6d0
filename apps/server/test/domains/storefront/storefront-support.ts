import { request } from 'node:http'

/** A GET with any Host header (fetch may not set one), answering status, headers and the text. */
export const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const url = new URL(path, base)
    const req = request(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') })
      )
    })
    req.on('error', reject)
    req.end()
  })
