import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local double of the messaging platform's `jscode2session` (decision 0204): programs with their
 * secrets, one-time login codes issued for a shopper of one program, 40029 for a code it never issued
 * (or issued for another program, or asked with a wrong secret), 40163 for a code asked twice.
 */
export const startMiniDouble = async () => {
  const programs = new Map<string, string>()
  const codes = new Map<string, { programId: string; openid: string; used: boolean }>()
  const asked: string[] = []
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://double')
    const answer = (body: object) => {
      response.setHeader('Content-Type', 'application/json')
      response.end(JSON.stringify(body))
    }
    if (url.pathname !== '/sns/jscode2session') {
      response.statusCode = 404
      return answer({ errcode: 404 })
    }
    const [appid, secret, code] = ['appid', 'secret', 'js_code'].map((name) => url.searchParams.get(name) ?? '')
    asked.push(code)
    if (programs.get(appid) !== secret) return answer({ errcode: 40125, errmsg: 'invalid appsecret' })
    const issued = codes.get(code)
    if (!issued || issued.programId !== appid) return answer({ errcode: 40029, errmsg: 'invalid code' })
    if (issued.used) return answer({ errcode: 40163, errmsg: 'code been used' })
    issued.used = true
    answer({ openid: issued.openid, session_key: randomBytes(16).toString('base64') })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many exchanges the double was asked for (a refused replay never reaches it). */
    asked,
    program(programId: string, secret: string) {
      programs.set(programId, secret)
    },
    /** A login code the platform would hand the program's client for this shopper. */
    code(programId: string, openid: string) {
      const code = randomBytes(12).toString('base64url')
      codes.set(code, { programId, openid, used: false })
      return code
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
