import type { AppConfig } from '../../config'

/**
 * The start-up line saying where mail goes, so nobody runs a shop believing mail is sent while it
 * waits in the outbox. Only the SMTP host is shown: MAIL_URL may carry a password.
 */
export const mailDestination = (config: Pick<AppConfig, 'mailUrl' | 'devTools' | 'publicUrl'>): string => {
  if (config.mailUrl) {
    try {
      const url = new URL(config.mailUrl)
      return `Mail: sent through ${url.protocol.replace(/:$/, '').toUpperCase()} at ${url.host}`
    } catch {
      return 'Mail: MAIL_URL is not a valid URL'
    }
  }
  return config.devTools
    ? `Mail: no MAIL_URL, kept in the outbox (a shop's own SMTP or SendGrid account still sends its mails); shown at ${config.publicUrl}/api/dev/mailbox (loopback only)`
    : "Mail: no MAIL_URL, kept in the outbox (a shop's own SMTP or SendGrid account still sends its mails); DEV_TOOLS=1 shows it at /api/dev/mailbox (loopback only)"
}
