import { describe, expect, it } from 'vitest';
import {
  composeWhatsappMessage,
  defaultWhatsappTemplates,
  estimateSummary,
  messageLanguageOf,
  messageLanguages,
  templateProblem,
  whatsappKinds,
  whatsappTemplateKey,
  whatsappTemplateKeys,
} from './whatsapp-templates';
import { whatsappLink } from './whatsapp';

const shop = { shop: 'Perera Motors', shopPhone: '0112345678' };

describe('composeWhatsappMessage: the shop’s template for the kind and language, else the default', () => {
  it.each([
    [
      'the default when the shop wrote none',
      {},
      'reminder',
      'en',
      'Dear Nimal,\nYour vehicle CAB-1234 is due for Oil change (12/10/2026).\nPlease call Perera Motors on 0112345678 to book a time.\nThank you.',
    ],
    [
      'the default when the shop left it blank',
      { whatsappReminderEn: '  \n ' },
      'reminder',
      'en',
      'Dear Nimal,\nYour vehicle CAB-1234 is due for Oil change (12/10/2026).\nPlease call Perera Motors on 0112345678 to book a time.\nThank you.',
    ],
    ['the shop’s own', { whatsappReminderEn: 'Hi {name}, {plate}: {due} {when}. {shop}' }, 'reminder', 'en', 'Hi Nimal, CAB-1234: Oil change 12/10/2026. Perera Motors'],
    [
      'another language’s own template is not used',
      { whatsappReminderSi: 'X {name}' },
      'reminder',
      'en',
      'Dear Nimal,\nYour vehicle CAB-1234 is due for Oil change (12/10/2026).\nPlease call Perera Motors on 0112345678 to book a time.\nThank you.',
    ],
    ['a field the values lack stays as written', { whatsappDeclinedTa: '{name} {total}' }, 'declined', 'ta', 'Nimal {total}'],
  ] as const)('%s', (_name, templates, kind, language, message) => {
    expect(composeWhatsappMessage(templates, kind, language, { name: 'Nimal', plate: 'CAB-1234', due: 'Oil change', when: '12/10/2026', ...shop })).toBe(message);
  });

  it('has a default for every kind and language, each naming the customer and the shop', () => {
    for (const kind of whatsappKinds)
      for (const language of messageLanguages) {
        expect(defaultWhatsappTemplates[kind][language]).toContain('{name}');
        expect(defaultWhatsappTemplates[kind][language]).toContain('{shopPhone}');
        expect(templateProblem(defaultWhatsappTemplates[kind][language], 'Default')).toBeNull();
      }
    expect(whatsappTemplateKeys).toHaveLength(9);
    expect(whatsappTemplateKey('estimate', 'ta')).toBe('whatsappEstimateTa');
  });
});

describe('Sinhala and Tamil messages with newlines → the exact wa.me link', () => {
  it.each([
    [
      'a Sinhala service reminder',
      composeWhatsappMessage({}, 'reminder', 'si', { name: 'නිමල්', plate: 'CAB-1234', due: 'Oil change', when: '12/10/2026', ...shop }),
      'https://wa.me/94771234567?text=%E0%B7%84%E0%B7%92%E0%B6%AD%E0%B7%80%E0%B6%AD%E0%B7%8A%20%E0%B6%B1%E0%B7%92%E0%B6%B8%E0%B6%BD%E0%B7%8A%2C%0A%E0%B6%94%E0%B6%B6%E0%B6%9C%E0%B7%9A%20CAB-1234%20%E0%B7%80%E0%B7%8F%E0%B7%84%E0%B6%B1%E0%B6%BA%E0%B7%9A%20Oil%20change%20%E0%B6%9A%E0%B7%92%E0%B6%BB%E0%B7%93%E0%B6%B8%E0%B6%A7%20%E0%B6%9A%E0%B7%8F%E0%B6%BD%E0%B6%BA%E0%B6%BA%E0%B7%92%20(12%2F10%2F2026).%0A%E0%B7%80%E0%B7%9A%E0%B6%BD%E0%B7%8F%E0%B7%80%E0%B6%9A%E0%B7%8A%20%E0%B7%80%E0%B7%99%E0%B6%B1%E0%B7%8A%20%E0%B6%9A%E0%B6%BB%20%E0%B6%9C%E0%B7%90%E0%B6%B1%E0%B7%93%E0%B6%B8%E0%B6%A7%20%E0%B6%9A%E0%B6%BB%E0%B7%94%E0%B6%AB%E0%B7%8F%E0%B6%9A%E0%B6%BB%20Perera%20Motors%20%E0%B6%85%E0%B6%B8%E0%B6%AD%E0%B6%B1%E0%B7%8A%E0%B6%B1%3A%200112345678.%0A%E0%B7%83%E0%B7%8A%E0%B6%AD%E0%B7%96%E0%B6%AD%E0%B7%92%E0%B6%BA%E0%B7%92.',
    ],
    [
      'a Tamil estimate with its lines',
      composeWhatsappMessage({}, 'estimate', 'ta', {
        name: 'கமலா',
        plate: 'CAB-1234',
        estimateNo: 'EST-A1-7',
        ...shop,
        ...estimateSummary(
          [
            { name: 'Oil filter', quantityHundredths: 100, totalCents: 150000 },
            { name: 'Labour', quantityHundredths: 150, totalCents: 375000 },
          ],
          525000,
        ),
      }),
      'https://wa.me/94771234567?text=%E0%AE%85%E0%AE%A9%E0%AF%8D%E0%AE%AA%E0%AF%81%E0%AE%B3%E0%AF%8D%E0%AE%B3%20%E0%AE%95%E0%AE%AE%E0%AE%B2%E0%AE%BE%2C%0ACAB-1234%20%E0%AE%95%E0%AF%8D%E0%AE%95%E0%AE%BE%E0%AE%A9%20%E0%AE%89%E0%AE%99%E0%AF%8D%E0%AE%95%E0%AE%B3%E0%AF%8D%20%E0%AE%AE%E0%AE%A4%E0%AE%BF%E0%AE%AA%E0%AF%8D%E0%AE%AA%E0%AF%80%E0%AE%9F%E0%AF%81%20EST-A1-7%3A%0AOil%20filter%20%C3%97%201%3A%20Rs.%201%2C500.00%0ALabour%20%C3%97%201.5%3A%20Rs.%203%2C750.00%0A%E0%AE%AE%E0%AF%8A%E0%AE%A4%E0%AF%8D%E0%AE%A4%E0%AE%AE%E0%AF%8D%3A%20Rs.%205%2C250.00%0A%E0%AE%92%E0%AE%AA%E0%AF%8D%E0%AE%AA%E0%AF%81%E0%AE%A4%E0%AE%B2%E0%AF%81%E0%AE%95%E0%AF%8D%E0%AE%95%E0%AF%81%20%E0%AE%AA%E0%AE%A4%E0%AE%BF%E0%AE%B2%E0%AF%8D%20%E0%AE%85%E0%AE%A9%E0%AF%81%E0%AE%AA%E0%AF%8D%E0%AE%AA%E0%AE%B5%E0%AF%81%E0%AE%AE%E0%AF%8D%2C%20%E0%AE%85%E0%AE%B2%E0%AF%8D%E0%AE%B2%E0%AE%A4%E0%AF%81%20Perera%20Motors%20%E0%AE%90%200112345678%20%E0%AE%87%E0%AE%B2%E0%AF%8D%20%E0%AE%85%E0%AE%B4%E0%AF%88%E0%AE%95%E0%AF%8D%E0%AE%95%E0%AE%B5%E0%AF%81%E0%AE%AE%E0%AF%8D.%0A%E0%AE%A8%E0%AE%A9%E0%AF%8D%E0%AE%B1%E0%AE%BF.',
    ],
  ])('%s', (_name, message, url) => {
    expect(message.split('\n').length).toBeGreaterThan(3);
    expect(whatsappLink('077 123 4567', message)).toEqual({ ok: true, url });
    expect(decodeURIComponent(url.slice(url.indexOf('?text=') + 6))).toBe(message);
  });
});

describe('estimateSummary: the lines and the total as text, no link', () => {
  it.each([
    ['no lines', [], 0, { lines: '', total: 'Rs. 0.00' }],
    ['one line', [{ name: 'Wheel alignment', quantityHundredths: 100, totalCents: 250000 }], 250000, { lines: 'Wheel alignment × 1: Rs. 2,500.00', total: 'Rs. 2,500.00' }],
    [
      'a part quantity in hundredths, a name over two lines made one',
      [
        { name: 'Engine oil\n5W-30', quantityHundredths: 425, totalCents: 1275000 },
        { name: 'ඔයිල් ෆිල්ටරය', quantityHundredths: 100, totalCents: 150000 },
      ],
      1425000,
      { lines: 'Engine oil 5W-30 × 4.25: Rs. 12,750.00\nඔයිල් ෆිල්ටරය × 1: Rs. 1,500.00', total: 'Rs. 14,250.00' },
    ],
  ] as const)('%s', (_name, lines, total, summary) => expect(estimateSummary(lines, total)).toEqual(summary));
});

describe('templateProblem: a template must make a link WhatsApp takes, filled with long values', () => {
  it.each([
    ['blank: the default', '', null],
    ['short', 'Hi {name}, {plate} is due.', null],
    ['Sinhala of 100 letters', 'ස'.repeat(100), null],
    ['Sinhala of 210 letters and a name: within 2,000 characters encoded', `{name} ${'ස'.repeat(210)}`, null],
    [
      'Sinhala of 220 letters and a name: beyond',
      `{name} ${'ස'.repeat(220)}`,
      'The Sinhala Service due message is too long for a WhatsApp link: with long names filled in it makes 2,077 characters (at most 2,000). Shorten it.',
    ],
    ['longer than a template is kept', 'a'.repeat(1001), 'The Sinhala Service due message must be at most 1,000 characters.'],
  ])('%s', (_name, template, problem) => {
    expect(templateProblem(template, 'The Sinhala Service due message')).toBe(problem);
  });
});

describe('messageLanguageOf: a stored language read back', () => {
  it.each([
    ['si', 'si'],
    ['ta', 'ta'],
    ['en', 'en'],
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'en'],
  ])('%j → %s', (stored, language) => expect(messageLanguageOf(stored)).toBe(language));
});
