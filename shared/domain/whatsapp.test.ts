import { describe, expect, it } from 'vitest';
import { fillTemplate, whatsappLink, whatsappLinkMaxLength, whatsappNumber } from './whatsapp';

describe('whatsappNumber', () => {
  it.each([
    ['0771234567', '94771234567'],
    ['077 123 4567', '94771234567'],
    ['077-123-4567', '94771234567'],
    ['+94 77 123 4567', '94771234567'],
    ['0094771234567', '94771234567'],
    ['94771234567', '94771234567'],
    ['771234567', '94771234567'],
    ['(011) 234 5678', '94112345678'],
    ['', null],
    ['077123456', null], // a digit short
    ['07712345678', null], // a digit too many
    ['077 ABC 4567', null],
    ['+1 415 555 0100', null], // not a Sri Lankan number
  ])('%j → %j', (phone, number) => expect(whatsappNumber(phone)).toBe(number));
});

describe('whatsappLink: the whole text encoded, newlines and every script kept', () => {
  it.each([
    [
      'Sinhala, two lines',
      '0771234567',
      'ආයුබෝවන් නිමල්,\nCAB-1234 සේවාව 12/10/2026.',
      'https://wa.me/94771234567?text=%E0%B6%86%E0%B6%BA%E0%B7%94%E0%B6%B6%E0%B7%9D%E0%B7%80%E0%B6%B1%E0%B7%8A%20%E0%B6%B1%E0%B7%92%E0%B6%B8%E0%B6%BD%E0%B7%8A%2C%0ACAB-1234%20%E0%B7%83%E0%B7%9A%E0%B7%80%E0%B7%8F%E0%B7%80%2012%2F10%2F2026.',
    ],
    [
      'Tamil, two lines',
      '+94 77 123 4567',
      'வணக்கம் கமலா,\nCAB-1234 சேவை 12/10/2026.',
      'https://wa.me/94771234567?text=%E0%AE%B5%E0%AE%A3%E0%AE%95%E0%AF%8D%E0%AE%95%E0%AE%AE%E0%AF%8D%20%E0%AE%95%E0%AE%AE%E0%AE%B2%E0%AE%BE%2C%0ACAB-1234%20%E0%AE%9A%E0%AF%87%E0%AE%B5%E0%AF%88%2012%2F10%2F2026.',
    ],
    [
      'English with the characters a link would cut at',
      '0771234567',
      'Oil & filter #2? 50% off\r\nThanks',
      'https://wa.me/94771234567?text=Oil%20%26%20filter%20%232%3F%2050%25%20off%0D%0AThanks',
    ],
  ])('%s', (_name, phone, message, url) => {
    const link = whatsappLink(phone, message);
    expect(link).toEqual({ ok: true, url });
    // Read back, it is the message exactly.
    expect(decodeURIComponent(new URL(url).search.slice('?text='.length))).toBe(message);
  });

  it('a phone that cannot be a WhatsApp number is a message that says so and what to do', () => {
    expect(whatsappLink('12345', 'Hi')).toEqual({ ok: false, message: "12345 cannot be made a WhatsApp number: edit the customer's phone (e.g. 0771234567)." });
    expect(whatsappLink('', 'Hi')).toEqual({ ok: false, message: "This customer has no phone number: edit the customer's phone (e.g. 0771234567)." });
  });

  it('a message longer than a link takes is a message, not a cut text', () => {
    const sinhala = 'සේවාව '.repeat(120); // 6 characters, each 3 bytes, 9 characters encoded: about 5,000 characters
    const link = whatsappLink('0771234567', sinhala);
    expect(link.ok).toBe(false);
    expect(!link.ok && link.message).toMatch(/^The message is too long for a WhatsApp link \([\d,]+ characters; at most 2,000\)/);
    expect(whatsappLink('0771234567', 'a'.repeat(whatsappLinkMaxLength - 'https://wa.me/94771234567?text='.length)).ok).toBe(true);
  });
});

describe('fillTemplate', () => {
  it.each([
    ['Dear {name}, {plate} is due on {date}.', { name: 'Nimal', plate: 'CAB-1234', date: '12/10/2026' }, 'Dear Nimal, CAB-1234 is due on 12/10/2026.'],
    ['{shop}: {unknown}', { shop: 'Silva Motors' }, 'Silva Motors: {unknown}'],
    ['ආයුබෝවන් {name}', { name: 'නිමල්' }, 'ආයුබෝවන් නිමල්'],
  ])('%j', (template, values, filled) => expect(fillTemplate(template, values)).toBe(filled));
});
