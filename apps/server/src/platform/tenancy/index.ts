/**
 * Tenancy (spec §6, docs/decisions/0004, 0020, 0074): which shop a call acts for, who may see a
 * shop's shared records, and the row-security wall. Code outside this folder imports this module
 * only (eslint.config.js).
 */
export { ensureScopedRole, rowSecurityAvailable } from '../db/row-security'
export { scopeToShop, shopScoped, type ShopScope } from './scope-to-shop'
export { ShopDirectory, type ShopAccessRecord } from './shop-directory'
export { sharedRecordAccess, sharedRecordsVisibleBy, sharedRecordsWritableBy, type SharedRecordsForm } from './shared-records'
export { checkShareConsent, linkedShops, shareInBatch, sharedWithShops } from './share-consent'
export { enterWall, joinWall, leaveWall, shopTransaction, wallSession, wallStatement, WallSwitch } from './walls'
export { ShopUsersSync } from './shop-users-sync'
export { announceShop } from './announce-shop'
export { checkVerifiedMember, hearsShop, verifyRequiredError } from './verify-required'
export { checkAdminTwoStep, passesAdminTwoStep, twoStepSetupRequired } from './two-step-required'
