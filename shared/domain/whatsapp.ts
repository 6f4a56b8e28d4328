// WhatsApp reminders and estimates, offline (issue 45, point 4): a click-to-chat link,
// https://wa.me/<number>?text=<message>, opened by the device; the app can only know it was
// opened, never that it was sent. The number is made international (Sri Lanka: 07X… → 947X…) and
// the whole text percent-encoded as UTF-8, so newlines, '&', '#' and every script survive.

/** The longest link we open: beyond about 2,000 characters some browsers and WhatsApp cut the text. */
export const whatsappLinkMaxLength = 2000;

export const whatsappMessages = {
  badNumber: (phone: string) => `${phone || 'This customer has no phone number'}${phone ? ' cannot be made a WhatsApp number' : ''}: edit the customer's phone (e.g. 0771234567).`,
  tooLong: (length: number) =>
    `The message is too long for a WhatsApp link (${length.toLocaleString('en-US')} characters; at most ${whatsappLinkMaxLength.toLocaleString('en-US')}). Shorten the template in Settings.`,
} as const;

/**
 * A Sri Lankan phone as WhatsApp's international number (digits only, no '+'), or null when it is
 * not one: 0771234567, 077 123 4567, +94 77 123 4567, 0094771234567 and 771234567 are all
 * 94771234567. Land lines (011…) are numbers too; WhatsApp says when one has no account.
 */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  const bare = digits.replace(/^\+/, '').replace(/^00/, '');
  if (/^94\d{9}$/.test(bare)) return bare;
  if (/^0\d{9}$/.test(bare)) return `94${bare.slice(1)}`;
  if (/^[1-9]\d{8}$/.test(bare)) return `94${bare}`;
  return null;
}

/** A template's {fields} filled; a field the template names but the values lack stays as written. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? values[key]! : whole));
}

export type WhatsappLink = { ok: true; url: string } | { ok: false; message: string };

/** The link that opens WhatsApp at the customer with the message typed in; a message when it cannot be made. */
export function whatsappLink(phone: string, message: string): WhatsappLink {
  const number = whatsappNumber(phone);
  if (!number) return { ok: false, message: whatsappMessages.badNumber(phone.trim()) };
  // encodeURIComponent writes UTF-8 bytes as %XX and a newline as %0A; never '+' for a space.
  const url = `https://wa.me/${number}?text=${encodeURIComponent(message.normalize('NFC'))}`;
  if (url.length > whatsappLinkMaxLength) return { ok: false, message: whatsappMessages.tooLong(url.length) };
  return { ok: true, url };
}
