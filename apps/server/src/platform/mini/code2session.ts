/**
 * The messaging platform's login exchange behind our own interface (decision 0204): the mini-program's
 * one-time login `code` is traded, with the program's id and secret, for the shopper's stable id on that
 * program (`openid`). The base URL is configuration (MINI_API_BASE): a local double in tests.
 */
export interface MiniLogin {
  code2session(programId: string, secret: string, code: string): Promise<MiniSession>
}

export type MiniSession =
  { ok: true; openid: string; unionid?: string } | { ok: false; reason: 'invalid' | 'used' | 'unavailable' }

const OPENID = /^[A-Za-z0-9_-]{6,128}$/
/** The platform's answers for a code it does not take: invalid, and already used. */
const USED = new Set([40163])

/** The platform's `jscode2session` over HTTPS (or the double's HTTP), with a bounded wait. */
export const httpMiniLogin = (base: string, timeoutMs = 5000): MiniLogin => ({
  async code2session(programId, secret, code) {
    const url = new URL('/sns/jscode2session', base)
    url.search = new URLSearchParams({ appid: programId, secret, js_code: code, grant_type: 'authorization_code' }).toString()
    let body: Record<string, unknown>
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      if (!response.ok) return { ok: false, reason: 'unavailable' }
      body = (await response.json()) as Record<string, unknown>
    } catch {
      return { ok: false, reason: 'unavailable' }
    }
    const errcode = Number(body.errcode ?? 0)
    if (errcode !== 0) return { ok: false, reason: USED.has(errcode) ? 'used' : errcode === -1 ? 'unavailable' : 'invalid' }
    if (typeof body.openid !== 'string' || !OPENID.test(body.openid)) return { ok: false, reason: 'invalid' }
    return { ok: true, openid: body.openid, ...(typeof body.unionid === 'string' ? { unionid: body.unionid } : {}) }
  }
})
