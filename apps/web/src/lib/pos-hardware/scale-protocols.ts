import type { WeightUnit } from '@emporia/shared'
import type { WeightReading } from './types'
import { parseThousandths } from './units'

/*
 * Scale protocols over a serial line (decision 0097). Bytes arrive in chunks cut anywhere, with noise
 * between frames (a scale switched on mid-frame, a second device on the line); each parser keeps the
 * unfinished tail, resynchronises on the next frame start and drops what it cannot read.
 *
 * - `cas`: CAS continuous output (PD-II, AD, SW, ER "type 5"): ASCII lines `ST,GS,+  1.234kg` ended by
 *   CR LF. First field ST stable / US unstable / OL overload (dropped); second GS gross / NT net.
 * - `toledo`: Mettler Toledo continuous output: STX, status words A B C, six weight digits, six tare
 *   digits, CR (a checksum byte may follow and is skipped). A bits 0–2 place the decimal point; B bit 1
 *   negative, bit 2 out of range (dropped), bit 3 in motion, bit 4 kg (else lb); C bits 0–2 another unit
 *   (1 g, 3 oz; others dropped). Parity bits (7E1 lines) are masked off.
 */

export const scaleProtocols = ['cas', 'toledo'] as const
export type ScaleProtocol = (typeof scaleProtocols)[number]

export interface ScaleParser {
  /** Feeds received bytes; answers the readings completed by them, in order. */
  push(bytes: Uint8Array): WeightReading[]
}

/** A line or frame never grows past this: a scale that sends no terminator is noise. */
const MAX_PENDING = 256

const units: Record<string, WeightUnit> = { kg: 'kg', g: 'g', lb: 'lb', lbs: 'lb', oz: 'oz' }

const reading = (thousandths: number, unit: WeightUnit, stable: boolean): WeightReading => ({
  value: thousandths / 1000,
  unit,
  stable
})

const casLine = /^(ST|US|OL)\s*,\s*(GS|NT|TR)?\s*,?[^+\-\d]*([+-]?)\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-z]+)\s*$/i

/** One CAS line as a reading, or null (overload, unknown unit, not a weight line). */
export const parseCasLine = (line: string): WeightReading | null => {
  const match = casLine.exec(line.trim())
  if (!match) return null
  const [, status, , sign, digits, unitText] = match
  const unit = units[unitText.toLowerCase()]
  const thousandths = parseThousandths(`${sign}${digits}`)
  if (status.toUpperCase() === 'OL' || !unit || thousandths === null) return null
  return reading(thousandths, unit, status.toUpperCase() === 'ST')
}

const casParser = (): ScaleParser => {
  let pending = ''
  return {
    push(bytes) {
      const out: WeightReading[] = []
      for (const byte of bytes) {
        if (byte === 0x0d || byte === 0x0a) {
          const parsed = pending ? parseCasLine(pending) : null
          if (parsed) out.push(parsed)
          pending = ''
        } else if (byte >= 0x20 && byte < 0x7f) {
          pending = pending.length < MAX_PENDING ? pending + String.fromCharCode(byte) : ''
        } else pending = '' // a control byte or a high byte: the line is damaged
      }
      return out
    }
  }
}

const STX = 0x02
const CR = 0x0d
const FRAME = 17 // STX, A, B, C, 6 weight, 6 tare, CR

/** One Toledo frame (from STX to CR, 17 bytes) as a reading, or null when it is no valid weight. */
export const parseToledoFrame = (frame: Uint8Array): WeightReading | null => {
  if (frame.length < FRAME || frame[0] !== STX || frame[16] !== CR) return null
  const [a, b, c] = [frame[1] & 0x7f, frame[2] & 0x7f, frame[3] & 0x7f]
  const digits = String.fromCharCode(...Array.from(frame.slice(4, 10), (byte) => byte & 0x7f))
  if (!/^[ \d]{5}\d$/.test(digits) || b & 0b100) return null
  const point = a & 0b111 // 0: ×100, 1: ×10, 2: ×1, 3: /10 … 7: /100000
  const raw = Number(digits.trim())
  const unitCode = c & 0b111
  const unit: WeightUnit | undefined =
    unitCode === 0 ? (b & 0b10000 ? 'kg' : 'lb') : unitCode === 1 ? 'g' : unitCode === 3 ? 'oz' : undefined
  if (!unit) return null
  // Thousandths of the unit per count: 10^(5 - point); past three decimals a division (then not whole).
  const thousandths = point <= 5 ? raw * 10 ** (5 - point) : raw / 10 ** (point - 5)
  const value = ((b & 0b10 ? -1 : 1) * thousandths) / 1000
  return { value: value === 0 ? 0 : value, unit, stable: !(b & 0b1000) }
}

const toledoParser = (): ScaleParser => {
  let pending: number[] = []
  return {
    push(bytes) {
      const out: WeightReading[] = []
      for (const byte of bytes) {
        if (byte === STX) pending = [STX]
        else if (pending.length) pending.push(byte)
        if (pending.length === FRAME) {
          const parsed = parseToledoFrame(Uint8Array.from(pending))
          if (parsed) out.push(parsed)
          pending = []
        }
      }
      return out
    }
  }
}

export const createScaleParser = (protocol: ScaleProtocol): ScaleParser => (protocol === 'toledo' ? toledoParser() : casParser())
