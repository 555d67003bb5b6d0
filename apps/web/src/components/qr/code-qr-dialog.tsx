import { useCallback, useRef } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material'
import qrcode from 'qrcode-generator'
import { useListT } from '../../lib/i18n/lists'

/** Spec §9.6: QR images are 512 px wide, black on white. */
export const QR_SIZE = 512

/**
 * Draws a code as a QR on a 512 px canvas, black modules on white with the standard quiet zone of 4
 * modules; whole pixels per module, the rest of the 512 left white around it, so a scanner reads
 * sharp edges. The code itself is what the POS scanner types into the coupon field.
 */
export const drawQr = (canvas: HTMLCanvasElement, text: string) => {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const modules = qr.getModuleCount()
  const cell = Math.floor(QR_SIZE / (modules + 8))
  const offset = Math.floor((QR_SIZE - cell * modules) / 2)
  canvas.width = QR_SIZE
  canvas.height = QR_SIZE
  const context = canvas.getContext('2d')
  if (!context) return
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, QR_SIZE, QR_SIZE)
  context.fillStyle = '#000000'
  for (let row = 0; row < modules; row++)
    for (let col = 0; col < modules; col++)
      if (qr.isDark(row, col)) context.fillRect(offset + col * cell, offset + row * cell, cell, cell)
}

/** Prints the QR alone, at its size, from a window of its own (the app's page stays as it is). */
const printImage = (dataUrl: string, code: string) => {
  const sheet = window.open('', '_blank', 'noopener=no')
  if (!sheet) return
  const image = sheet.document.createElement('img')
  image.src = dataUrl
  image.width = QR_SIZE
  image.alt = code
  const caption = sheet.document.createElement('p')
  caption.textContent = code
  caption.style.font = '24px monospace'
  sheet.document.body.append(image, caption)
  image.onload = () => sheet.print()
}

/** A coupon code as a printable QR (decisions 0089, 0090): a template's coupons and a rule's own unlimited-use code. */
export const CouponQrDialog = ({ code, onClose }: { code: string; onClose: () => void }) => {
  const { t } = useListT()
  const canvas = useRef<HTMLCanvasElement | null>(null)
  // A callback ref: the dialog mounts its content after its own first render, so the canvas is drawn when it exists.
  const attach = useCallback(
    (node: HTMLCanvasElement | null) => {
      canvas.current = node
      if (node) drawQr(node, code)
    },
    [code]
  )
  return (
    <Dialog open onClose={onClose} maxWidth="md" data-testid="coupon-qr-dialog">
      <DialogTitle>{t('coupon.qrOf', { code })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <canvas ref={attach} width={QR_SIZE} height={QR_SIZE} style={{ width: 256, height: 256 }} data-testid="coupon-qr" />
          <Typography sx={{ fontFamily: 'monospace', fontSize: 20 }}>{code}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="coupon-qr-close">
          {t('editor.close')}
        </Button>
        <Button
          variant="contained"
          onClick={() => canvas.current && printImage(canvas.current.toDataURL('image/png'), code)}
          data-testid="coupon-qr-print"
        >
          {t('coupon.printQr')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
