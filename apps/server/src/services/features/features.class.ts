import type { AppConfig } from '../../config'
import type { Features } from './features.schema'

/** Answers the same settings to everyone: they come from the configuration, fixed at start. */
export class FeaturesService {
  private readonly answer: Features

  constructor(config: AppConfig) {
    this.answer = {
      register: config.registration,
      inviteCode: Boolean(config.inviteCodes),
      verify: true,
      billing: config.billing,
      devTools: config.devTools,
      ...(config.supportEmail ? { supportEmail: config.supportEmail } : {})
    }
  }

  async find(): Promise<Features> {
    return this.answer
  }
}
