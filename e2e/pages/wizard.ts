import type { Page } from 'playwright-core'

/** The online-shop wizard (spec §2.6) as a merchant walks it: name and subdomain, the jade template, install. */
export const throughWizard = async (page: Page, shop: { name: string; subdomain: string }) => {
  await page.getByTestId('shop-name').fill(shop.name)
  await page.getByTestId('shop-subdomain').fill(shop.subdomain)
  await page.getByTestId('wizard-next').click()
  await page.getByTestId('wizard-template-jade').click()
  await page.getByTestId('wizard-next').click()
  await page.getByTestId('wizard-use').click()
  await page.getByTestId('wizard-install').click()
}
