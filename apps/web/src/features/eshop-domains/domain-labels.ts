import type { DomainStatus, DomainType, ManualRecordStatus } from '@emporia/shared'
import type { ChipColour } from '../../lib/order-labels'
import type { AnyMessageKey } from '../../lib/i18n/lists'

export const domainStatusLabels: Record<DomainStatus, AnyMessageKey> = {
  pending: 'domain.status.pending',
  verified: 'domain.status.verified',
  expired: 'domain.status.expired'
}
export const domainStatusColours: Record<DomainStatus, ChipColour> = { pending: 'warning', verified: 'success', expired: 'error' }
export const domainTypeLabels: Record<DomainType, AnyMessageKey> = {
  registered: 'domain.type.registered',
  external: 'domain.type.external'
}
export const recordStatusLabels: Record<ManualRecordStatus, AnyMessageKey> = {
  missing: 'domain.record.missing',
  found: 'domain.record.found',
  wrong: 'domain.record.wrong'
}
export const recordStatusColours: Record<ManualRecordStatus, ChipColour> = {
  missing: 'default',
  found: 'success',
  wrong: 'error'
}
