import { describe, expect, it } from 'vitest';
import { declinedValues, reminderValues } from './reminder-message';
import { composeWhatsappMessage } from './whatsapp-templates';
import { whatsappLink } from './whatsapp';

describe("a reminder's message", () => {
  it.each([
    [
      'by date',
      { dueDate: '2027-06-01', services: [{ name: 'Oil change', dueDate: '2027-06-01', dueKm: 50_000, by: 'date' as const }] },
      { due: 'Oil change', when: '01/06/2027' },
    ],
    [
      'by km first, two services',
      {
        dueDate: '2027-03-12',
        services: [
          { name: 'Oil change', dueDate: '2027-03-12', dueKm: 45_000, by: 'mileage' as const },
          { name: 'Air filter', dueDate: '2027-03-30', dueKm: null, by: 'date' as const },
        ],
      },
      { due: 'Oil change, Air filter', when: 'at 45,000 km (about 12/03/2027)' },
    ],
  ])('%s', (_what, row, values) => {
    expect(reminderValues(row)).toEqual(values);
  });

  it('names declined work and the day it was declined', () => {
    expect(declinedValues([{ name: 'Front brake pads' }, { name: 'Wiper blades' }], '2026-10-12')).toEqual({ due: 'Front brake pads, Wiper blades', when: '12/10/2026' });
  });

  it('fills the shop’s Sinhala reminder into a link that keeps every line', () => {
    const text = composeWhatsappMessage({}, 'reminder', 'si', {
      name: 'නිමල්',
      plate: 'CAB-1234',
      shop: 'Lanka Motors',
      shopPhone: '0112345678',
      ...reminderValues({ dueDate: '2027-06-01', services: [{ name: 'Oil change', dueDate: '2027-06-01', dueKm: null, by: 'date' }] }),
    });
    const link = whatsappLink('077 123 4567', text);
    expect(link.ok && decodeURIComponent(link.url.split('?text=')[1]!)).toBe(text);
    expect(text.split('\n')).toHaveLength(4);
    expect(text).toContain('Oil change');
    expect(text).toContain('01/06/2027');
  });
});
