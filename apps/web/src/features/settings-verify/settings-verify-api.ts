import { servicePaths, type Shop } from '@emporia/shared'
import { loadClient } from '../../lib/client'
import { shopApi } from '../../lib/resource-client'
import { getCurrentShopId } from '../../lib/shop'

/** The two sign-in requirements of the shop (decision 0138). */
export interface VerifySettings {
  staffVerifyRequired: boolean
  adminTwoStepRequired: boolean
}

export const verifySettingsOf = (shop: Shop | undefined): VerifySettings => ({
  staffVerifyRequired: shop?.staffVerifyRequired === true,
  adminTwoStepRequired: shop?.adminTwoStepRequired === true
})

/** Whether saving these values turns the verification requirement on (the moment to say whom it locks out). */
export const turnsVerifyOn = (shop: Shop | undefined, values: VerifySettings) =>
  values.staffVerifyRequired && shop?.staffVerifyRequired !== true

/** Saves the requirements on the current shop (spec §7.3 shops patch; only admins may). */
export const saveVerifySettings = async (values: VerifySettings): Promise<Shop> => {
  const { client } = await loadClient()
  return client.service(servicePaths.shops).patch(getCurrentShopId()!, values)
}

export interface UnverifiedMember {
  user: string
  name: string
}

/** The shop's accepted members whose e-mail is not verified, by name (`shop/unverified-staff`). */
export const unverifiedStaff = async (): Promise<UnverifiedMember[]> => {
  const answer = (await shopApi(servicePaths.shopUnverifiedStaff).find()) as { data?: UnverifiedMember[] }
  return answer.data ?? []
}
