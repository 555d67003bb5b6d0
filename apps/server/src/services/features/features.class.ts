import type { AppConfig } from '../../config'
import { captchaWidget } from '../../platform/http/captcha'
import type { Features } from './features.schema'

/** Answers the same settings to everyone: they come from the configuration, fixed at start. */
export class FeaturesService {
  private readonly answer: Features

  constructor(config: AppConfig) {
    const captcha = captchaWidget(config.captcha)
    this.answer = {
      register: config.registration,
      inviteCode: Boolean(config.inviteCodes),
      verify: true,
      billing: config.billing,
      devTools: config.devTools,
      ...(config.supportEmail ? { supportEmail: config.supportEmail } : {}),
      // The public half of the operator's captcha keys: the registration and reset screens show the widget.
      ...(captcha ? { captcha } : {})
    }
  }

  async find(): Promise<Features> {
    return this.answer
  }
}
