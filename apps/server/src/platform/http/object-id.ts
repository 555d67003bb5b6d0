import { randomBytes } from 'node:crypto'

// ObjectId layout (4-byte seconds, 5 random bytes fixed per process, 3-byte counter): ids sort
// roughly by creation time, which keeps the primary-key index append-mostly.
const processRandom = randomBytes(5).toString('hex')
let counter = randomBytes(3).readUIntBE(0, 3)

export const newObjectId = (): string => {
  counter = (counter + 1) % 0xffffff
  const seconds = Math.floor(Date.now() / 1000)
  return seconds.toString(16).padStart(8, '0') + processRandom + counter.toString(16).padStart(6, '0')
}
