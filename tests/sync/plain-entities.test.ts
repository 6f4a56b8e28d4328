// Issue 48: every plain entity (shared/entities/plain-entity.ts) syncs with no code of its own. For
// each declared one, a record made offline on one device from its declaration's example values
// reaches the server once and another device whole (every declared field, as stored), an edit of each
// field and a delete follow, and both devices end equal to the server. A field added to a declaration
// alone is covered here with no other edit.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Device, Random, TestServer } from './harness';
import { entities, plainEntityNames } from '@shared/entities';
import { exampleArgs } from '@shared/entities/plain-entity';
import type { MutationName } from '@shared/mutations/definitions';

let server: TestServer;
let devices: Device[] = [];
const random = new Random(48_0048);

beforeAll(async () => {
  server = await TestServer.start();
});
afterEach(() => {
  for (const device of devices) device.close();
  devices = [];
});
afterAll(async () => {
  await server.stop();
});

function device(name: string): Device {
  const made = new Device(name, server, random.fork());
  devices.push(made);
  return made;
}

describe('every plain entity syncs from its declaration alone', () => {
  it.each(plainEntityNames.map((name) => [name]))('%s', async (name) => {
    const entity = entities[name];
    const noun = entity.problemForm!.noun;
    const counter = device(`${name}-counter`);
    const tablet = device(`${name}-tablet`);
    counter.net.offline = true;
    const args = exampleArgs(entity, randomUUID());
    await counter.run(`create${noun}` as MutationName, args);
    counter.net.offline = false;
    await counter.syncClean();
    await tablet.syncClean();

    const stored = await tablet.db.table(name).get(args.id as string);
    expect(stored, `${name} reached the tablet`).toBeDefined();
    for (const [key, field] of Object.entries(entity.plain.fields)) {
      expect(stored[entity.plain.storedName(key)], `${name}.${key} as stored`).toEqual(field.toStored(field.example));
    }

    await tablet.run(`update${noun}` as MutationName, { ...args });
    await tablet.run(`delete${noun}` as MutationName, { id: args.id });
    await tablet.syncClean();
    await counter.syncClean();
    expect(await counter.mirror()).toEqual(await server.mirror());
    expect(await tablet.mirror()).toEqual(await server.mirror());
    expect(await server.db.$client.prepare('SELECT COUNT(*) AS n FROM applied_mutations WHERE name = ?').get(`create${noun}`)).toEqual({ n: 1 });
  });
});
