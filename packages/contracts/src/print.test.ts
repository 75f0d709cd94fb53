import { describe, expect, it } from 'vitest';
import {
  addedAllMessage,
  addedToBulkMessage,
  PRINT_MESSAGES,
  parseQuantityInput,
  printErrorToast,
  printJobSentMessage,
  printLabelsButton,
  printTotalButton,
  queuedMessage,
  queueFailedMessage,
  ZPrintRequest,
} from './print.ts';
import { ZAgentMessage, ZServerMessage } from './print-protocol.ts';

describe('print texts', () => {
  it('are the spec words', () => {
    expect(printLabelsButton(3)).toBe('Print 3 Label(s)');
    expect(printTotalButton(12)).toBe('Print 12 Total Labels');
    expect(printJobSentMessage(2, 'Blue Dream')).toBe('Print job sent: 2 label(s) for Blue Dream');
    expect(addedAllMessage(40)).toBe('Added 40 products for bulk printing');
    expect(addedToBulkMessage('Blue Dream')).toBe('Added Blue Dream to bulk print');
    expect(queuedMessage(4)).toBe('Successfully queued 4 print job(s)');
    expect(queueFailedMessage(1)).toBe('Failed to queue 1 print job(s)');
  });

  it('turns any server error containing not connected into the spec toast', () => {
    expect(printErrorToast(PRINT_MESSAGES.serverNotConnected)).toBe(
      'Print utility not connected. Please ensure the Quantics Print Utility is running.',
    );
    expect(printErrorToast('Printer is NOT CONNECTED to the network')).toBe(
      PRINT_MESSAGES.utilityNotConnected,
    );
    expect(printErrorToast('Printer out of paper')).toBe('Printer out of paper');
    expect(printErrorToast(undefined)).toBe('Failed to send print job');
    expect(printErrorToast('')).toBe('Failed to send print job');
  });
});

describe('parseQuantityInput', () => {
  it('falls back to 1 on anything that is not a whole number of 1 or more', () => {
    expect(parseQuantityInput('4')).toBe(4);
    expect(parseQuantityInput(7)).toBe(7);
    for (const bad of ['', '0', '-2', '1.5', 'abc', ' ', Number.NaN]) expect(parseQuantityInput(bad)).toBe(1);
  });
});

describe('ZPrintRequest', () => {
  const good = {
    zpl: '^XA^XZ',
    quantity: 2,
    printerName: 'Zebra',
    productInfo: { name: 'A', sku: 'A1', epc: '' },
  };

  it('takes the spec payload', () => {
    expect(ZPrintRequest.parse(good)).toEqual(good);
    expect(ZPrintRequest.parse({ ...good, zpl: undefined }).zpl).toBe('');
  });

  it('answers with the spec messages', () => {
    const msg = (body: unknown) => ZPrintRequest.safeParse(body).error?.issues[0]?.message;
    expect(msg({ ...good, quantity: 0 })).toBe('Quantity must be at least 1');
    expect(msg({ ...good, quantity: 1.5 })).toBe('Quantity must be at least 1');
    expect(msg({ ...good, printerName: ' ' })).toBe('Please select a printer');
    expect(msg({ ...good, productInfo: { sku: '' } })).toBe('Please select a product');
    expect(msg({ ...good, productInfo: undefined })).toBe('Please select a product');
  });
});

describe('the utility protocol', () => {
  it('reads the messages of version 1 and ignores unknown fields', () => {
    expect(ZAgentMessage.parse({ type: 'hello', protocol: 1, agentVersion: '1.0.0', extra: 1 })).toEqual({
      type: 'hello',
      protocol: 1,
      agentVersion: '1.0.0',
    });
    expect(
      ZAgentMessage.parse({ type: 'ack', jobId: 3, ok: false, printed: 1, error: 'Paper out' }).type,
    ).toBe('ack');
    expect(ZAgentMessage.safeParse({ type: 'ack', jobId: 'x', ok: true, printed: 1 }).success).toBe(false);
    expect(ZAgentMessage.safeParse({ type: 'shutdown' }).success).toBe(false);
    expect(
      ZServerMessage.parse({ type: 'print', jobId: 1, printerName: 'Z', zpl: '^XA^XZ', quantity: 2 }).type,
    ).toBe('print');
  });
});
