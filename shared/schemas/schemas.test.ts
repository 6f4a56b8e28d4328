import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { firstIssueMessage } from './messages';
import { createCategorySchema } from './category';
import { loginSchema, registerSchema } from './user';
import { createCustomerSchema, quickCreateCustomerSchema } from './customer';
import { createItemSchema, itemMessages, quickCreateItemSchema, updateItemSchema } from './item';
import { createServiceSchema } from './service';
import { logoTooLargeMessage, saveCompanySchema } from './company';

/** The message a schema gives for an input, or 'ok'. */
function verdict(schema: z.ZodType, input: unknown): string {
  const parsed = schema.safeParse(input);
  return parsed.success ? 'ok' : firstIssueMessage(parsed.error);
}

describe('category', () => {
  const base = { id: 'c1', name: 'Oils', description: '' };
  it.each([
    [base, 'ok'],
    [{ ...base, name: '   ' }, 'Category name is required.'],
    [{ ...base, name: undefined }, 'Category name is required.'],
    [{ ...base, name: 'x'.repeat(50) }, 'ok'],
    [{ ...base, name: 'x'.repeat(51) }, 'Category name must be at most 50 characters.'],
    [{ ...base, description: 'x'.repeat(201) }, 'Description must be at most 200 characters.'],
    [{ ...base, description: null }, 'ok'],
    [{ ...base, name: 42 }, 'Category name is required.'],
  ])('%j → %s', (input, expected) => expect(verdict(createCategorySchema, input)).toBe(expected));

  it('trims the name', () => expect(createCategorySchema.parse({ ...base, name: '  Oils ' }).name).toBe('Oils'));
});

describe('login and register', () => {
  it.each([
    [loginSchema, { email: 'a@b.lk', password: 'x' }, 'ok'],
    [loginSchema, { email: 'not-an-email', password: 'x' }, 'Please enter a valid email address.'],
    [loginSchema, { email: '', password: 'x' }, 'Email is required.'],
    [loginSchema, { email: 'a@b.lk', password: '' }, 'Password is required.'],
    [registerSchema, { name: 'Ann', email: 'a@b.lk', password: 'secret-1' }, 'ok'],
    [registerSchema, { name: ' ', email: 'a@b.lk', password: 'secret-1' }, 'Name is required.'],
    [registerSchema, { name: 'Ann', email: 'a@b.lk', password: '123' }, 'Password must be at least 8 characters.'],
  ] as const)('%#: %j → %s', (schema, input, expected) => expect(verdict(schema, input)).toBe(expected));

  it('lower-cases the email', () => expect(loginSchema.parse({ email: ' Ann@Garage.LK ', password: 'x' }).email).toBe('ann@garage.lk'));
});

describe('customer: the spec order of section 5', () => {
  const vehicle = { make: 'Toyota', model: 'Axio', year: 2018, licensePlate: 'cab-1234', vin: '' };
  const base = { id: 'u1', customerName: 'Nimal Perera', contactPerson: '', email: 'nimal@mail.lk', phone: '0771234567', address: 'Galle Rd', city: '', vehicles: [vehicle] };
  const nextYearPlus5 = new Date().getFullYear() + 5;
  it.each([
    [base, 'ok'],
    [{ ...base, customerName: '', email: '' }, 'Customer Name is required.'],
    [{ ...base, email: '' }, 'Email is required.'],
    [{ ...base, email: 'nimal@' }, 'Please enter a valid email address.'],
    [{ ...base, phone: ' ' }, 'Phone number is required.'],
    [{ ...base, address: '' }, 'Address is required.'],
    [{ ...base, vehicles: [{ ...vehicle, make: '' }] }, 'Vehicle make is required.'],
    [{ ...base, vehicles: [{ ...vehicle, model: '' }] }, 'Vehicle model is required.'],
    [{ ...base, vehicles: [{ ...vehicle, year: 1899 }] }, 'Valid vehicle year is required (e.g., 2020).'],
    [{ ...base, vehicles: [{ ...vehicle, year: nextYearPlus5 }] }, 'ok'],
    [{ ...base, vehicles: [{ ...vehicle, year: nextYearPlus5 + 1 }] }, 'Valid vehicle year is required (e.g., 2020).'],
    [{ ...base, vehicles: [{ ...vehicle, year: 'abc' }] }, 'Valid vehicle year is required (e.g., 2020).'],
    [{ ...base, vehicles: [{ ...vehicle, year: '2020' }] }, 'ok'],
    [{ ...base, vehicles: [{ ...vehicle, licensePlate: '' }] }, 'Vehicle license plate is required.'],
    [{ ...base, vehicles: [] }, 'At least one vehicle is required for a customer.'],
    [{ ...base, vehicles: [], isGuest: true }, 'ok'],
    [{ ...base, vehicles: [], customerName: 'Walk-in Guest' }, 'ok'],
  ])('%#', (input, expected) => expect(verdict(createCustomerSchema, input)).toBe(expected));

  it('upper-cases plates', () => expect(createCustomerSchema.parse(base).vehicles[0]!.licensePlate).toBe('CAB-1234'));
});

describe("quick customer: the job card's '+ Add Customer', and an import's customer without an email", () => {
  const base = { id: 'c1', customerName: 'Sunil', phone: '0771234567', address: 'Kandy', vehicles: [{ make: 'Toyota', model: 'Axio', year: 2015, licensePlate: 'cab-1234' }] };
  it('takes a city and a contact person when given, and makes them blank otherwise', () => {
    expect(quickCreateCustomerSchema.parse({ ...base, city: ' Kandy ', contactPerson: 'Nimal' })).toMatchObject({ city: 'Kandy', contactPerson: 'Nimal', email: '' });
    expect(quickCreateCustomerSchema.parse(base)).toMatchObject({ city: '', contactPerson: '' });
  });
  it('holds them to the customer form rules', () => {
    expect(verdict(quickCreateCustomerSchema, { ...base, city: 'x'.repeat(101) })).toBe(verdict(createCustomerSchema, { ...base, email: 'a@b.lk', city: 'x'.repeat(101) }));
  });
});

describe('item: required, then numbers, then negatives', () => {
  const base = {
    id: 'i1',
    itemName: 'Oil Filter',
    barcode: 'OF-1',
    unitPrice: '1500.50',
    costPrice: 1200,
    stockQuantity: '10',
    reorderLevel: '2',
    category: 'c1',
    description: '',
  };
  it.each([
    [base, 'ok'],
    [{ ...base, itemName: '' }, itemMessages.required],
    [{ ...base, category: '' }, itemMessages.required],
    [{ ...base, unitPrice: '' }, itemMessages.required],
    [{ ...base, unitPrice: 'abc', category: '' }, itemMessages.required], // required wins over numbers
    [{ ...base, unitPrice: 'abc' }, itemMessages.numbers],
    [{ ...base, stockQuantity: '2.5' }, 'ok'], // stock may hold decimals (oil by the litre)
    [{ ...base, reorderLevel: '2.5' }, itemMessages.numbers], // the reorder level is whole
    [{ ...base, reorderLevel: 'x' }, itemMessages.numbers],
    [{ ...base, costPrice: -1, unitPrice: 'abc' }, itemMessages.numbers], // numbers win over negatives
    [{ ...base, costPrice: -1 }, itemMessages.negative],
    [{ ...base, stockQuantity: '-3' }, itemMessages.negative],
    [{ ...base, reorderLevel: '' }, 'ok'],
    [{ ...base, itemName: 'x'.repeat(101) }, 'Item Name must be at most 100 characters.'],
    [{ ...base, barcode: 'x'.repeat(51) }, 'Barcode must be at most 50 characters.'],
    [{ ...base, description: 'x'.repeat(501) }, 'Description must be at most 500 characters.'],
    [{ ...base, warrantyMonths: 6 }, 'ok'], // the spec's item keeps warranty months (issue 43 imports them)
    [{ ...base, warrantyMonths: 121 }, 'Warranty months must be a whole number from 0 to 120.'],
    [{ ...base, warrantyMonths: 1.5 }, 'Warranty months must be a whole number from 0 to 120.'],
  ])('%#', (input, expected) => expect(verdict(createItemSchema, input)).toBe(expected));

  it('keeps warranty months when given, and leaves them out of an edit that does not send them', () => {
    expect(createItemSchema.parse({ ...base, warrantyMonths: '12' })).toMatchObject({ warrantyMonths: 12 });
    expect(updateItemSchema.parse({ id: 'i1', unitPrice: '99' })).not.toHaveProperty('warrantyMonths');
  });

  it('parses prices as decimals and quantities as numbers', () => {
    const item = createItemSchema.parse(base);
    expect(item).toMatchObject({ unitPrice: 1500.5, costPrice: 1200, stockQuantity: 10, reorderLevel: 2 });
  });

  it('an edit checks only the fields it sends', () => {
    expect(verdict(updateItemSchema, { id: 'i1', unitPrice: '99' })).toBe('ok');
    expect(verdict(updateItemSchema, { id: 'i1', unitPrice: '-1' })).toBe(itemMessages.negative);
  });

  it('quick add keeps only the name and the price (the server sets the rest)', () => {
    expect(quickCreateItemSchema.parse({ id: 'q', itemName: 'Bulb H4', unitPrice: '300', category: 'c1', stockQuantity: 9, costPrice: 1, barcode: 'X' })).toEqual({
      id: 'q',
      itemName: 'Bulb H4',
      unitPrice: 300,
    });
  });
});

describe('service', () => {
  it.each([
    [{ id: 's', name: 'Oil Change', price: 2500 }, 'ok'],
    [{ id: 's', name: 'Oil Change', price: '2500.50' }, 'ok'],
    [{ id: 's', name: 'Oil Change', price: 0 }, 'ok'],
    [{ id: 's', name: '', price: 10 }, 'Service name is required.'],
    [{ id: 's', name: 'Wash', price: -1 }, 'Price must be a number of at least 0.'],
    [{ id: 's', name: 'Wash', price: 'ten' }, 'Price must be a number of at least 0.'],
    [{ id: 's', name: 'Wash', price: '' }, 'Price is required.'],
  ])('%j → %s', (input, expected) => expect(verdict(createServiceSchema, input)).toBe(expected));
});

describe('company', () => {
  const base = { name: 'Best Motors', email: 'info@best.lk', phone: '011 2345678', address: 'Colombo 5', footer: '' };
  const dataUrl = (bytes: number) => `data:image/png;base64,${'A'.repeat(Math.ceil((bytes * 4) / 3))}`;
  it.each([
    [base, 'ok'],
    [{ ...base, name: '' }, 'Company Name is required.'],
    [{ ...base, email: 'x' }, 'Please enter a valid email address.'],
    [{ ...base, phone: '' }, 'Phone is required.'],
    [{ ...base, address: '' }, 'Address is required.'],
    [{ ...base, logoUrl: dataUrl(1024) }, 'ok'],
    [{ ...base, logoUrl: dataUrl(2 * 1024 * 1024 + 10) }, logoTooLargeMessage],
    [{ ...base, logoUrl: 'data:text/html;base64,AAAA' }, 'The logo must be a PNG, JPG or GIF image.'],
    [{ ...base, taxRatePercent: 101 }, 'Tax rate must be between 0 and 100.'],
  ])('%#', (input, expected) => expect(verdict(saveCompanySchema, input)).toBe(expected));

  it('is the one record "company"', () => expect(saveCompanySchema.parse(base).id).toBe('company'));
});
