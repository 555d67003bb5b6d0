import { Type } from '@sinclair/typebox'

/** A translatable text as stored: a plain string or one value per language (spec §3.5). */
export const storedTextSchema = Type.Union([
  Type.String({ maxLength: 1000 }),
  Type.Object(
    {
      en: Type.Optional(Type.String({ maxLength: 1000 })),
      cht: Type.Optional(Type.String({ maxLength: 1000 })),
      chs: Type.Optional(Type.String({ maxLength: 1000 }))
    },
    { additionalProperties: false }
  )
])
