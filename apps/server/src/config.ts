import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseTrustProxy, type TrustProxy } from './platform/http/client-address'
import { captchaConfig, type CaptchaConfig } from './platform/http/captcha'
import { logLevelOf, type LogLevel } from './platform/observability/logger'

/** Runtime settings, all from the environment (ARCHITECTURE §4). */
export interface AppConfig {
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  redisUrl?: string
  mailUrl?: string
  /** How long a mail being sent is out of other senders' reach (MAIL_LEASE_SECONDS, default 300; decision 0145). */
  mailLeaseSeconds: number
  /**
   * Days a sent mail is kept in the outbox (MAIL_RETENTION_DAYS, default 30; failed and bounced ones three
   * times as long; 0 keeps every mail): an hourly job deletes older ones (platform/mail/retention.ts; decision 0215).
   */
  mailRetentionDays: number
  publicHost?: string
  authSecret: string
  /**
   * The envelope key(s) of shops' stored credentials (SECRETS_KEY, comma-separated, the first seals, all
   * open); unset = one generated once and kept in `DATA_DIR/secrets-key` (secrets/secrets-key.ts; decision 0122).
   */
  secretsKey?: string
  /** Directory with the built web app; served at `/` when it exists. */
  webDist?: string
  /** Where the build left the embedded-database template (see db/knex.ts). */
  dbTemplateDir?: string
  /** Largest page a client may ask for. */
  maxPageSize: number
  defaultPageSize: number
  /** How much the JSON log says (LOG_LEVEL: fatal, error, warn, info, debug, trace or silent; default info; decision 0209). */
  logLevel: LogLevel
  /** The bearer token `/metrics` wants (METRICS_TOKEN); unset, only this machine may scrape it (decision 0209). */
  metricsToken?: string
  /** When set, registration needs one of these codes (INVITE_CODES, comma-separated). */
  inviteCodes?: string[]
  /** Registration open to anyone (REGISTRATION=off closes it). */
  registration: boolean
  /** PostgreSQL row-level security for shop-scoped calls (ROW_SECURITY=off turns it off, e.g. to measure it). */
  rowSecurity: boolean
  /**
   * Longest one statement may run, in ms (STATEMENT_TIMEOUT_MS, default 30 s, 0 = none; docs/decisions/0068):
   * PostgreSQL cancels it, the PGlite worker is stopped and reopened (decision 0212).
   */
  statementTimeoutMs: number
  /** PGlite in a worker thread, off the event loop (PGLITE_WORKER=off keeps it in-thread; docs/decisions/0104). */
  pgliteWorker: boolean
  /** Failed logins / codes allowed per 15 minutes, per account and per address. */
  loginLimits: { account: number; address: number }
  /**
   * Developer conveniences (DEV_TOOLS=1): the dev mailbox (loopback only) and the web's developer
   * test and fixture pages. Off unless asked for; `npm run dev` and the tests turn it on.
   */
  devTools: boolean
  /** Customer service's address the dashboard's welcome text names (SUPPORT_EMAIL); unset: not shown. */
  supportEmail?: string
  /** The address merchants open the app at (PUBLIC_URL); links in mails are built on it, never on request headers. */
  publicUrl: string
  /** Invitations one shop may send per hour (INVITATION_LIMIT). */
  invitationLimit: number
  /** Where card payments go (STRIPE_API_BASE, e.g. the local double `http://127.0.0.1:12111`); unset = Stripe's API. */
  stripeApiBase?: string
  /**
   * Where the other payment gateways' calls go (ALIPAY_GATEWAY_URL, TERMINAL_API_BASE, WECHATPAY_API_BASE, OCTOPUS_API_BASE; decision 0199):
   * the local doubles in tests; unset = each gateway's sandbox or live address by the shop's staging flag.
   */
  gatewayBases?: { alipayHk?: string; terminal?: string; wechatPayHk?: string; octopus?: string }
  /** Where mini-program login codes are exchanged (MINI_API_BASE; decision 0204): a local double in tests. */
  miniApiBase: string
  /**
   * The accounting service's app (decision 0197): XERO_CLIENT_ID (unset: Connect is off), XERO_CLIENT_SECRET
   * (unset: a PKCE-only app), XERO_IDENTITY_BASE and XERO_API_BASE (a local double in tests; unset = Xero's).
   */
  xero: { clientId?: string; clientSecret?: string; identityBase: string; apiBase: string }
  /**
   * DNS servers the domain check asks (DNS_SERVERS, comma-separated `host[:port]`); unset = the system's.
   * Tests point it at a local DNS server (decision 0112).
   */
  dnsServers?: string[]
  /**
   * The domain registrar and DNS provider (DOMAIN_REGISTRAR). Only `local`, the test double, exists on these
   * machines; unset = none, and buying domains or managing their DNS answers 503 (never a silent double).
   */
  domainRegistrar?: 'local'
  /** The address custom domains' A records point at (PUBLIC_IP), shown in the manual configuration. */
  publicIp?: string
  /** Which proxies may name the client and its scheme (TRUST_PROXY; unset = none; decision 0119). */
  trustProxy: TrustProxy
  /**
   * The merchant's subscription (issue 30, decisions 0129–0131). `billing: false` (BILLING=off) is the
   * self-hosted mode: every feature on for every shop, no plans, banners or upgrade entry.
   */
  billing: boolean
  /** Length of a new shop's trial in days (TRIAL_DAYS, default 14). */
  trialDays: number
  /** Days a shop keeps its features after a trial or contract ends unpaid (BILLING_GRACE_DAYS, default 7). */
  billingGraceDays: number
  /** E-mails of the platform's operators (OPERATOR_EMAILS, comma-separated, lower-cased). */
  operatorEmails: string[]
  /** The platform's own Stripe account, which merchants pay their subscription to (decision 0130). */
  platformStripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string }
  /** The operator's hCaptcha keys (CAPTCHA_SITE_KEY, CAPTCHA_SECRET; decision 0201): off while unset. */
  captcha: CaptchaConfig
}

/** A registrar nobody built is a startup error, not a silent fallback (decision 0112). */
const registrarOf = (value: string | undefined): 'local' | undefined => {
  if (!value) return undefined
  if (value === 'local') return value
  throw new Error(`DOMAIN_REGISTRAR=${value}: the only registrar is "local" (the test double; docs/domains-tls.md)`)
}

/** A whole number of days ≥ 0 from the environment; anything else stops the start with its name. */
const positiveNumber = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name}=${value}: a whole number of days (0 or more) is needed`)
  return parsed
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig => {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data')
  const port = Number(env.PORT ?? 3030)
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    mailUrl: env.MAIL_URL || undefined,
    mailLeaseSeconds: positiveNumber('MAIL_LEASE_SECONDS', env.MAIL_LEASE_SECONDS, 300),
    mailRetentionDays: positiveNumber('MAIL_RETENTION_DAYS', env.MAIL_RETENTION_DAYS, 30),
    publicHost: env.PUBLIC_HOST || undefined,
    authSecret: env.AUTH_SECRET || '',
    secretsKey: env.SECRETS_KEY || undefined,
    webDist: env.WEB_DIST,
    maxPageSize: Number(env.MAX_PAGE_SIZE ?? 1000),
    defaultPageSize: 10,
    logLevel: logLevelOf(env.LOG_LEVEL),
    metricsToken: env.METRICS_TOKEN || undefined,
    inviteCodes: env.INVITE_CODES
      ? env.INVITE_CODES.split(',')
          .map((code) => code.trim())
          .filter(Boolean)
      : undefined,
    registration: env.REGISTRATION !== 'off',
    rowSecurity: env.ROW_SECURITY !== 'off',
    statementTimeoutMs: Number(env.STATEMENT_TIMEOUT_MS ?? 30_000),
    pgliteWorker: env.PGLITE_WORKER !== 'off',
    loginLimits: { account: Number(env.LOGIN_LIMIT_ACCOUNT ?? 10), address: Number(env.LOGIN_LIMIT_ADDRESS ?? 50) },
    devTools: env.DEV_TOOLS === '1' || env.DEV_TOOLS === 'true',
    supportEmail: env.SUPPORT_EMAIL?.trim() || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    invitationLimit: Number(env.INVITATION_LIMIT ?? 20),
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    gatewayBases: {
      alipayHk: env.ALIPAY_GATEWAY_URL || undefined,
      terminal: env.TERMINAL_API_BASE || undefined,
      wechatPayHk: env.WECHATPAY_API_BASE || undefined,
      octopus: env.OCTOPUS_API_BASE || undefined
    },
    miniApiBase: (env.MINI_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    xero: {
      clientId: env.XERO_CLIENT_ID || undefined,
      clientSecret: env.XERO_CLIENT_SECRET || undefined,
      identityBase: (env.XERO_IDENTITY_BASE || 'https://identity.xero.com').replace(/\/+$/, ''),
      apiBase: (env.XERO_API_BASE || 'https://api.xero.com').replace(/\/+$/, '')
    },
    dnsServers: env.DNS_SERVERS
      ? env.DNS_SERVERS.split(',')
          .map((server) => server.trim())
          .filter(Boolean)
      : undefined,
    domainRegistrar: registrarOf(env.DOMAIN_REGISTRAR),
    publicIp: env.PUBLIC_IP || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    billing: env.BILLING !== 'off',
    trialDays: positiveNumber('TRIAL_DAYS', env.TRIAL_DAYS, 14),
    billingGraceDays: positiveNumber('BILLING_GRACE_DAYS', env.BILLING_GRACE_DAYS, 7),
    operatorEmails: (env.OPERATOR_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    platformStripe: {
      secretKey: env.PLATFORM_STRIPE_SECRET_KEY || undefined,
      publishableKey: env.PLATFORM_STRIPE_PUBLISHABLE_KEY || undefined,
      webhookSecret: env.PLATFORM_STRIPE_WEBHOOK_SECRET || undefined
    },
    captcha: captchaConfig(env),
    ...overrides
  }
}

/** AUTH_SECRET, or one generated once and kept in the data dir so tokens survive restarts. */
export const resolveAuthSecret = (config: AppConfig): string => {
  if (config.authSecret) return config.authSecret
  mkdirSync(config.dataDir, { recursive: true })
  const file = path.join(config.dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
