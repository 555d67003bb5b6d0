/**
 * POS device identity (spec §7.5, decision 0094): an ECDSA P-256 key pair per device; the key id is the
 * base64 SHA-256 of the public key's JWK thumbprint members {crv, kty, x, y} (RFC 7638 order). Tokens are
 * ES256, header {alg, kid, jwk}, payload {iss: hostname, exp: now + 900 s, jti, sub: key id}.
 */
export const DEVICE_TOKEN_TTL_SECONDS = 900
/** The REST header the till sends its token in (sockets send it in the call's data). */
export const DEVICE_TOKEN_HEADER = 'x-pos-device'
/** The canonical JSON whose SHA-256 is the key id. */
export const thumbprintInput = (jwk: { crv: string; kty: string; x: string; y: string }) =>
  `{"crv":"${jwk.crv}","kty":"${jwk.kty}","x":"${jwk.x}","y":"${jwk.y}"}`
