/**
 * ISO 20022 pain.001.001.03 (customer credit transfer initiation), as the EPC's SEPA credit
 * transfer rulebook asks of it: one payment information block (SEPA service level, charges shared
 * by level), the debtor's IBAN and BIC, one transaction per payout with the payout id as its
 * end-to-end id. Rendered from the file's event alone, so the same file always gives the same bytes.
 * The schema is `pain.001.001.03.xsd` beside this file (docs/architecture.md#sepa-payouts).
 */
import type { EventDataOf } from '@aura/contracts';

export type SepaFile = EventDataOf<'SepaFileCreated'>;

/** 12345 cents → '123.45' (the XSD's decimal; never floating point) */
export const sepaAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A payout id as an end-to-end id: its 32 hex digits (the XSD's Max35Text; the hyphenated uuid has 36 characters). */
export const endToEndIdOf = (payoutId: string) => payoutId.replace(/-/g, '');

/**
 * The SEPA character set (EPC: Latin letters, digits, space and / - ? : ( ) . , ' +): accents
 * lose their mark, anything else becomes a space; at most `max` characters.
 */
export function sepaText(value: string, max: number): string {
  const latin = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (latin || 'N/A').slice(0, max).trim();
}

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&apos;')
    .replace(/"/g, '&quot;');

/** 'YYYY-MM-DDTHH:MM:SS' (UTC, no fraction): the ISODateTime banks read */
const isoDateTime = (iso: string) => new Date(iso).toISOString().slice(0, 19);

export function renderPain001(
  file: SepaFile,
  remittance: (transaction: SepaFile['transactions'][number]) => string,
): string {
  const sum = sepaAmount(file.controlSumCents);
  const debtorName = escapeXml(sepaText(file.debtor.name, 70));
  const lines: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    '  <CstmrCdtTrfInitn>',
    '    <GrpHdr>',
    `      <MsgId>${escapeXml(file.messageId)}</MsgId>`,
    `      <CreDtTm>${isoDateTime(file.createdAt)}</CreDtTm>`,
    `      <NbOfTxs>${file.numberOfTransactions}</NbOfTxs>`,
    `      <CtrlSum>${sum}</CtrlSum>`,
    `      <InitgPty><Nm>${debtorName}</Nm></InitgPty>`,
    '    </GrpHdr>',
    '    <PmtInf>',
    `      <PmtInfId>${escapeXml(file.messageId.slice(0, 33))}-1</PmtInfId>`,
    '      <PmtMtd>TRF</PmtMtd>',
    '      <BtchBookg>true</BtchBookg>',
    `      <NbOfTxs>${file.numberOfTransactions}</NbOfTxs>`,
    `      <CtrlSum>${sum}</CtrlSum>`,
    '      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>',
    `      <ReqdExctnDt>${file.requestedExecutionDate}</ReqdExctnDt>`,
    `      <Dbtr><Nm>${debtorName}</Nm></Dbtr>`,
    `      <DbtrAcct><Id><IBAN>${escapeXml(file.debtor.iban)}</IBAN></Id><Ccy>EUR</Ccy></DbtrAcct>`,
    `      <DbtrAgt><FinInstnId><BIC>${escapeXml(file.debtor.bic)}</BIC></FinInstnId></DbtrAgt>`,
    '      <ChrgBr>SLEV</ChrgBr>',
  ];
  for (const transaction of file.transactions) {
    lines.push(
      '      <CdtTrfTxInf>',
      `        <PmtId><EndToEndId>${endToEndIdOf(transaction.payoutId)}</EndToEndId></PmtId>`,
      `        <Amt><InstdAmt Ccy="EUR">${sepaAmount(transaction.amountCents)}</InstdAmt></Amt>`,
      `        <Cdtr><Nm>${escapeXml(sepaText(transaction.holderName, 70))}</Nm></Cdtr>`,
      `        <CdtrAcct><Id><IBAN>${escapeXml(transaction.iban)}</IBAN></Id></CdtrAcct>`,
      `        <RmtInf><Ustrd>${escapeXml(sepaText(remittance(transaction), 140))}</Ustrd></RmtInf>`,
      '      </CdtTrfTxInf>',
    );
  }
  lines.push('    </PmtInf>', '  </CstmrCdtTrfInitn>', '</Document>', '');
  return lines.join('\n');
}
