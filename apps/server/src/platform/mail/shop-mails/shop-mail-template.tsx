/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The automatic JSX runtime named here, not only in apps/server's tsconfig: a process that loads this file
// through another project's settings (the bench's child servers under tsx) otherwise compiles `React.createElement`
// with no React in scope, and every shop mail fails to render (decision 0215).
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Preview,
  Row,
  Section,
  Text
} from '@react-email/components'
import type { ReactNode } from 'react'
import type { ShopMailLocale, ShopMailWording } from './shop-mail-messages'
import type { MailOrder, ShopMailData, ShopMailName } from './shop-mail-types'

/** The mail's words with `{key}` filled in; React escapes them. */
export type Fill = (text: string) => string

export interface TemplateProps {
  name: ShopMailName
  lang: string
  strings: ShopMailLocale
  wording: ShopMailWording
  data: ShopMailData
  fill: Fill
  money: (cents: number) => string
  date: (iso: string) => string
  toShop: boolean
}

const font = "Arial,'PingFang TC','Microsoft JhengHei','PingFang SC','Microsoft YaHei',sans-serif"
const muted = '#6b7280'
const cell = { fontSize: '14px', lineHeight: '20px', margin: 0, padding: '6px 0' }

const Lines = ({ order, strings, money }: { order: MailOrder; strings: ShopMailLocale; money: TemplateProps['money'] }) => {
  const { labels } = strings
  const total = (label: string, cents: number, strong = false) => (
    <Row>
      <Column style={{ ...cell, color: strong ? '#111827' : muted, fontWeight: strong ? 700 : 400 }}>{label}</Column>
      <Column align="right" style={{ ...cell, fontWeight: strong ? 700 : 400 }}>
        {money(cents)}
      </Column>
    </Row>
  )
  return (
    <Section style={{ margin: '16px 0' }}>
      <Row style={{ borderBottom: '1px solid #e5e7eb' }}>
        <Column style={{ ...cell, color: muted }}>{labels.item}</Column>
        <Column align="right" style={{ ...cell, color: muted, width: '48px' }}>
          {labels.quantity}
        </Column>
        <Column align="right" style={{ ...cell, color: muted, width: '96px' }}>
          {labels.total}
        </Column>
      </Row>
      {order.lines.map((line, i) => (
        <Row key={i} style={{ borderBottom: '1px solid #f3f4f6' }}>
          <Column style={cell}>
            {line.name}
            {line.variant ? <span style={{ color: muted }}> · {line.variant}</span> : null}
          </Column>
          <Column align="right" style={{ ...cell, width: '48px' }}>
            {line.quantity}
          </Column>
          <Column align="right" style={{ ...cell, width: '96px' }}>
            {money(line.total)}
          </Column>
        </Row>
      ))}
      {total(labels.subtotal, order.subtotal)}
      {order.discount ? total(labels.discount, -order.discount) : null}
      {order.shippingFee ? total(labels.shipping, order.shippingFee) : null}
      {total(labels.total, order.total, true)}
    </Section>
  )
}

const Facts = ({ rows }: { rows: [string, ReactNode][] }) => (
  <Section style={{ margin: '8px 0 16px' }}>
    {rows.map(([label, value]) => (
      <Row key={label}>
        <Column style={{ ...cell, color: muted, width: '40%', verticalAlign: 'top' }}>{label}</Column>
        <Column style={{ ...cell, verticalAlign: 'top' }}>{value}</Column>
      </Row>
    ))}
  </Section>
)

/**
 * One shop mail (decision 0147), built with react-email: tables and inline styles that mail clients
 * keep, at most 600 px wide and narrower on a phone; the shop's logo and colour in the header.
 */
export const ShopMail = ({ name, lang, strings, wording, data, fill, money, date, toShop }: TemplateProps) => {
  const { brand, order } = data
  const { labels } = strings
  const color = brand.color
  const greeting = data.name ? fill(strings.greeting) : strings.greetingNoName
  const link = order?.link ?? data.link
  const facts: [string, ReactNode][] = []
  if (order) {
    facts.push([labels.orderId, order.orderId], [labels.date, date(order.date)])
    if (toShop)
      facts.push([labels.customer, [order.customerName, order.customerEmail, order.customerPhone].filter(Boolean).join(' · ')])
    facts.push([labels.payment, strings.payments[order.payment]])
    if (order.shippingMethod) facts.push([labels.shippingMethod, order.shippingMethod])
    if (order.address) facts.push([labels.address, order.address])
    if (name === 'shipment' && order.tracking) facts.push([labels.tracking, <strong key="t">{order.tracking}</strong>])
    if (name === 'shipment' && order.trackingUrl)
      facts.push([
        labels.trackParcel,
        <a key="u" href={order.trackingUrl} style={{ color }}>
          {order.trackingUrl}
        </a>
      ])
  }
  return (
    <Html lang={lang}>
      <Head>
        <meta name="viewport" content="width=device-width,initial-scale=1" />
      </Head>
      <Preview>{fill(wording.subject)}</Preview>
      <Body style={{ margin: 0, padding: '16px 0', background: '#f3f4f6', color: '#111827', fontFamily: font }}>
        <Container style={{ maxWidth: '600px', width: '100%', background: '#ffffff', borderRadius: '8px', overflow: 'hidden' }}>
          <Section style={{ background: color, padding: '20px 24px' }}>
            <Row>
              {brand.logo ? (
                <Column style={{ width: '56px' }}>
                  <Img src={brand.logo} alt="" width="48" height="48" style={{ borderRadius: '8px', background: '#ffffff' }} />
                </Column>
              ) : null}
              <Column>
                <Text style={{ margin: 0, color: '#ffffff', fontSize: '20px', fontWeight: 700 }}>{brand.name}</Text>
              </Column>
            </Row>
          </Section>
          <Section style={{ padding: '24px' }}>
            <Heading as="h1" style={{ fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' }}>
              {wording.heading}
            </Heading>
            <Text style={{ fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }}>{greeting}</Text>
            {wording.intro.map((line, i) => (
              <Text key={i} style={{ fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }}>
                {fill(line)}
              </Text>
            ))}
            {data.code ? (
              <Section
                style={{ margin: '8px 0 16px', padding: '16px', background: '#f3f4f6', borderRadius: '6px', textAlign: 'center' }}
              >
                <Text style={{ margin: 0, fontSize: '13px', color: muted }}>{labels.code}</Text>
                <Text
                  style={{
                    margin: 0,
                    fontSize: '30px',
                    letterSpacing: '6px',
                    fontWeight: 700,
                    fontFamily: 'Consolas,Menlo,monospace'
                  }}
                >
                  {data.code}
                </Text>
              </Section>
            ) : null}
            {order && name === 'orderBankTransfer' ? (
              <Section style={{ margin: '8px 0 16px', padding: '12px 16px', border: `2px solid ${color}`, borderRadius: '6px' }}>
                <Text style={{ margin: '0 0 8px', fontSize: '15px' }}>
                  {labels.amountDue}: <strong>{money(order.total)}</strong>
                </Text>
                {(order.bankAccounts ?? []).map((account, i) => (
                  <Facts
                    key={i}
                    rows={[
                      [labels.bankName, account.bankName],
                      [labels.accountName, account.name],
                      [labels.accountNo, <strong key="no">{account.no}</strong>]
                    ]}
                  />
                ))}
              </Section>
            ) : null}
            {facts.length ? <Facts rows={facts} /> : null}
            {order && name !== 'shipment' && name !== 'orderReceive' && name !== 'shopOrderReceive' ? (
              <Lines order={order} strings={strings} money={money} />
            ) : null}
            {link && wording.action ? (
              <Section style={{ margin: '16px 0', textAlign: 'center' }}>
                <Button
                  href={link}
                  style={{
                    background: color,
                    color: '#ffffff',
                    padding: '12px 20px',
                    borderRadius: '6px',
                    fontSize: '15px',
                    fontWeight: 700
                  }}
                >
                  {wording.action}
                </Button>
              </Section>
            ) : null}
          </Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: 0 }} />
          <Section style={{ padding: '16px 24px' }}>
            <Text style={{ margin: 0, fontSize: '12px', lineHeight: '18px', color: muted }}>
              {[brand.name, brand.address, brand.phone, brand.email].filter(Boolean).join(' · ')}
            </Text>
            <Text style={{ margin: '4px 0 0', fontSize: '12px', lineHeight: '18px', color: muted }}>
              {fill(toShop ? strings.footerToShop : strings.footer)}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}
