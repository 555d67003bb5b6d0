import Archive from '@mui/icons-material/Archive'
import AudioFile from '@mui/icons-material/AudioFile'
import Description from '@mui/icons-material/Description'
import Html from '@mui/icons-material/Html'
import InsertDriveFile from '@mui/icons-material/InsertDriveFile'
import PictureAsPdf from '@mui/icons-material/PictureAsPdf'
import VideoFile from '@mui/icons-material/VideoFile'

/** File-type icons of spec §2.11. */
export const MediaTypeIcon = ({ mime }: { mime: string }) => {
  if (/^audio\/(mpeg|mp3|aac|wav)/.test(mime)) return <AudioFile fontSize="large" />
  if (/^video\/(x-msvideo|mpeg|mp4)/.test(mime)) return <VideoFile fontSize="large" />
  if (/(zip|7z|rar)/.test(mime)) return <Archive fontSize="large" />
  if (/(msword|wordprocessingml)/.test(mime)) return <Description fontSize="large" />
  if (mime === 'application/pdf') return <PictureAsPdf fontSize="large" />
  if (mime === 'text/html') return <Html fontSize="large" />
  return <InsertDriveFile fontSize="large" />
}
