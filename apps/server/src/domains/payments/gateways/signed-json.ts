import { ProviderError } from '../provider/provider'

/** What a signed-JSON gateway says for each refusal, in its own words (the web translates by code). */
export interface SignedJsonTexts {
  unreachable: string
  authentication: string
  notFound: string
  conflict: string
  tooMuch: string
  invalid: string
  failed: string
}

/**
 * One call to a gateway whose API is JSON signed by an HMAC header (the card terminal, Octopus):
 * the merchant id in the body and its own header, a 15-second limit, and each refusal as a ProviderError.
 */
export const signedJsonCall =
  (options: {
    root: string
    mid: string
    midHeader: string
    signatureHeader: string
    sign: (text: string) => string
    texts: SignedJsonTexts
  }) =>
  async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const { texts } = options
    const text = body ? JSON.stringify({ mid: options.mid, ...body }) : ''
    let response: Response
    try {
      response = await fetch(`${options.root}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          [options.midHeader]: options.mid,
          [options.signatureHeader]: options.sign(text)
        },
        ...(body ? { body: text } : {}),
        signal: AbortSignal.timeout(15_000)
      })
    } catch {
      throw new ProviderError('connection', texts.unreachable)
    }
    if (response.status === 401) throw new ProviderError('authentication', texts.authentication)
    if (response.status === 404) throw new ProviderError('not_found', texts.notFound)
    if (response.status === 409) throw new ProviderError('unexpected_state', texts.conflict)
    if (response.status === 422) throw new ProviderError('amount_too_large', texts.tooMuch)
    if (response.status === 400) throw new ProviderError('invalid_request', texts.invalid)
    if (!response.ok) throw new ProviderError('provider', texts.failed)
    return (await response.json()) as T
  }
