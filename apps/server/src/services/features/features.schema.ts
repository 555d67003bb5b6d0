/** What the sign-in screens need to know before anyone is signed in (spec §2.4, §2.8). */
export interface Features {
  register: boolean
  inviteCode: boolean
  verify: boolean
  billing: boolean
  /** Developer test and fixture pages (DEV_TOOLS=1); the web shows its 404 page for them otherwise. */
  devTools: boolean
  /** Customer service's e-mail (SUPPORT_EMAIL), named by the dashboard's welcome text; absent when unset. */
  supportEmail?: string
  /** The captcha widget's site key and script (decision 0201); absent while the captcha is off. */
  captcha?: { siteKey: string; scriptUrl: string }
}
