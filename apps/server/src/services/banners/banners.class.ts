import { BadRequest } from '@feathersjs/errors'
import { bannerProblem, type Banner } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'

const messages = {
  'banner.needsPicture': 'A published banner needs an image or a media',
  'banner.expiryAfterPublish': '"expiry" must be after "publish"'
}

/** The shared rule (bannerProblem), on the record as written, so patches and operators obey it too. */
export const checkBanner = (banner: Record<string, unknown>) => {
  const problem = bannerProblem(banner)
  if (problem) throw new BadRequest(messages[problem.key], problem)
}

/** Banners (spec §3.13) with their rules. */
export class BannerService extends CheckedRecordService<Banner> {
  protected readonly check = checkBanner
}
