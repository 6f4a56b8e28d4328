import { describe, expect, it } from 'vitest';
import { plateKey, searchShape } from './search-shape';

describe('a plate as one key', () => {
  it.each([
    ['WP CAB-1234', 'CAB1234'],
    ['cab1234', 'CAB1234'],
    ['CAB 1234', 'CAB1234'],
    ['wp  cab - 1234', 'CAB1234'],
    ['CP KV-4567', 'KV4567'],
    ['UVA BAD-0001', 'BAD0001'],
    ['SAB 12-3456', '123456'],
    ['65-1234', '651234'],
    ['300-1234', '3001234'],
    ['12 ශ්‍රී 3456', '12ශ්රී3456'],
    ['WPCAB1234', 'WPCAB1234'],
    ['1234', '1234'],
  ])('%s → %s', (typed, key) => {
    expect(plateKey(typed)).toBe(key.normalize('NFKC'));
  });
});

describe('what a search looks like', () => {
  it.each([
    ['JOB-0012', { kind: 'job', jobNumber: 'JOB-0012' }],
    ['job 12', { kind: 'job', jobNumber: 'JOB-0012' }],
    ['job12', { kind: 'job', jobNumber: 'JOB-0012' }],
    ['12', { kind: 'job', jobNumber: 'JOB-0012' }],
    ['12345', { kind: 'job', jobNumber: 'JOB-12345' }],
    ['INV-AB12-00042', { kind: 'invoice', prefix: 'INV-AB12-00042' }],
    ['inv ab12', { kind: 'invoice', prefix: 'INV-AB12' }],
    ['CN-AB12-00001', { kind: 'creditNote', prefix: 'CN-AB12-00001' }],
    ['0771234567', { kind: 'phone', digits: '0771234567' }],
    ['077 123 4567', { kind: 'phone', digits: '0771234567' }],
    ['+94771234567', { kind: 'phone', digits: '0771234567' }],
    ['1234567', { kind: 'phone', digits: '1234567' }],
    ['WP CAB-1234', { kind: 'plate', key: 'CAB1234' }],
    ['cab1234', { kind: 'plate', key: 'CAB1234' }],
    ['CAB 1234', { kind: 'plate', key: 'CAB1234' }],
    ['65-1234', { kind: 'plate', key: '651234' }],
    ['WP 65-1234', { kind: 'plate', key: '651234' }],
    ['Nimal Perera', { kind: 'words' }],
    ['brake pads', { kind: 'words' }],
    ['SRV-0003', { kind: 'words' }],
  ] as const)('%s', (typed, shape) => {
    expect(searchShape(typed)).toEqual(shape);
  });
});
