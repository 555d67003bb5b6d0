import qrcode from 'qrcode-generator'

/**
 * A payment code as a QR drawn on the server (no script): a shopper at a computer scans it with the
 * wallet on their phone; one on a phone taps the button beside it. One path of unit squares, crisp at any size.
 */
export const QrCode = ({ text, label, size = 200 }: { text: string; label: string; size?: number }) => {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const count = qr.getModuleCount()
  let path = ''
  for (let row = 0; row < count; row++)
    for (let column = 0; column < count; column++) if (qr.isDark(row, column)) path += `M${column} ${row}h1v1h-1z`
  // A quiet zone of four modules, as scanners expect.
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`-4 -4 ${count + 8} ${count + 8}`}
      shapeRendering="crispEdges"
      data-wallet-qr
    >
      <rect x={-4} y={-4} width={count + 8} height={count + 8} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
