export interface DialogProps {
  open: boolean
  onClose: () => void
}
