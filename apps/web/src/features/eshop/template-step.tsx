import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import { shopTemplates, templateColors, type LocaleId } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { TemplatePreview } from './template-preview'

interface TemplateStepProps {
  value: string
  onChange: (template: string) => void
  language: LocaleId
}

/** Step two (spec §2.9): the templates as cards, each with a preview; one is chosen (a radio group). */
export const TemplateStep = ({ value, onChange, language }: TemplateStepProps) => {
  const { t } = useListT()
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('wizard.templateHelp')}</Typography>
      <Box
        role="radiogroup"
        aria-label={t('wizard.step.template')}
        data-testid="wizard-templates"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}
      >
        {shopTemplates.map((template) => {
          const chosen = template.id === value
          return (
            <Card
              key={template.id}
              variant="outlined"
              sx={{ borderColor: chosen ? 'primary.main' : 'divider', borderWidth: chosen ? 2 : 1 }}
            >
              <CardActionArea
                role="radio"
                aria-checked={chosen}
                onClick={() => onChange(template.id)}
                data-testid={`wizard-template-${template.id}`}
                sx={{ height: '100%' }}
              >
                <Box sx={{ p: 1.5 }} aria-label={t('wizard.preview', { name: template.name[language] })}>
                  <TemplatePreview template={template} colors={templateColors(template)} language={language} compact />
                </Box>
                <CardContent sx={{ pt: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="h6" component="h3">
                      {template.name[language]}
                    </Typography>
                    {chosen && <CheckCircleIcon color="primary" fontSize="small" />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {template.description[language]}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          )
        })}
      </Box>
    </Stack>
  )
}
