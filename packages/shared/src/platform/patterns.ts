/*
 * Text patterns whose failures have their own message (spec §5.1 format.*), shared by the schemas, the
 * server's validator and the web forms, so a pattern and its message key are named once.
 */

/**
 * A storefront subdomain is a real DNS label (issue 18; decision 0113): letters, digits and '-',
 * 1–63 characters, not starting or ending with '-'. Stored lower-case; unique whatever the case.
 */
export const SUBDOMAIN_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$'
/** As a subdomain, also '.' (spec §5.1 format.host). */
export const HOST_PATTERN = '^[A-Za-z0-9_.-]{1,256}$'
/** A web address a customer may open: http or https only (no `javascript:`, no `data:`). */
export const WEB_URL_PATTERN = '^https?://[^\\s/?#]+\\.[^\\s/?#]+(?:[/?#]\\S*)?$'
/** A phone number as dialled: an optional '+', digits, spaces, '-' and brackets, 6–20 characters. */
export const PHONE_PATTERN = '^\\+?[0-9][0-9 ()-]{4,18}[0-9]$'

const patternKeys: Record<string, string> = {
  [SUBDOMAIN_PATTERN]: 'format.subdomain',
  [HOST_PATTERN]: 'format.host',
  [WEB_URL_PATTERN]: 'format.url',
  [PHONE_PATTERN]: 'format.phone'
}

/** The message key of a failed pattern: its own where it has one, else `format.invalid`. */
export const patternMessageKey = (pattern: string): string => patternKeys[pattern] ?? 'format.invalid'

/** Whether a text is a valid storefront subdomain (the wizard's and the settings' check). */
export const isSubdomain = (text: string) => new RegExp(SUBDOMAIN_PATTERN, 'u').test(text)

/** The subdomain as stored and looked up: DNS is case-insensitive, so one case. */
export const normalizeSubdomain = (text: string) => text.trim().toLowerCase()
