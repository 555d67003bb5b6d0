import type { PrinterLanguage } from './types'

/*
 * The cash drawer's kick through the printer's drawer port (decision 0097), the same bytes the receipt
 * encoder's `pulse()` appends, without loading the encoder: ESC/POS ESC p 0 t1 t2 (pin 2, 100 ms on,
 * 500 ms off, in 2 ms units); StarPRNT ESC BEL n1 n2 BEL (200 ms on and off, in 10 ms units, drawer 1).
 * Whether the drawer may open is the station's rule (decision 0095), not this module's.
 */
export const drawerKick = (language: PrinterLanguage): Uint8Array =>
  language === 'star-prnt' ? Uint8Array.from([0x1b, 0x07, 20, 20, 0x07]) : Uint8Array.from([0x1b, 0x70, 0, 50, 250])
