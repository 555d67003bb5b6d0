import { confirmsShopName, type Shop } from '@emporia/shared'

/**
 * The danger zone's rules (decision 0211): the delete button of the confirmation opens only once the
 * shop's name is typed (in any of its languages, case and outer spaces aside), as the server checks.
 */
export const canConfirmDeletion = (shop: Pick<Shop, 'name'>, typed: string) => confirmsShopName(shop.name, typed)

/** When the shop's rows go, or undefined while no deletion is asked for. */
export const deletionDate = (shop: Pick<Shop, 'deleteAfter'>): string | undefined => shop.deleteAfter ?? undefined
