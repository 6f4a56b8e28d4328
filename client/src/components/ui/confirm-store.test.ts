import { describe, expect, it } from 'vitest';
import { confirmInPage, useConfirmStore } from './confirm-store';

const request = { title: 'Delete item?', message: 'Are you sure you want to delete this item?', confirmLabel: 'Delete' };
const showing = () => useConfirmStore.getState().asking;

describe('a confirmation in the page', () => {
  it('shows the question and answers what the user chose, then closes', async () => {
    const yes = confirmInPage(request);
    expect(showing()).toMatchObject(request);
    useConfirmStore.getState().answer(showing()!.id, true);
    await expect(yes).resolves.toBe(true);
    expect(showing()).toBeNull();

    const no = confirmInPage(request);
    useConfirmStore.getState().answer(showing()!.id, false);
    await expect(no).resolves.toBe(false);
    expect(showing()).toBeNull();
  });

  it('a newer question answers the one showing no, so its flow does nothing', async () => {
    const first = confirmInPage(request);
    const second = confirmInPage({ ...request, title: 'Suspend?' });
    await expect(first).resolves.toBe(false);
    expect(showing()?.title).toBe('Suspend?');
    useConfirmStore.getState().answer(showing()!.id, true);
    await expect(second).resolves.toBe(true);
  });

  it('an answer to a question already gone changes nothing', async () => {
    const first = confirmInPage(request);
    const firstId = showing()!.id;
    useConfirmStore.getState().answer(firstId, true);
    await first;
    const second = confirmInPage(request);
    useConfirmStore.getState().answer(firstId, false);
    expect(showing()).not.toBeNull();
    useConfirmStore.getState().answer(showing()!.id, true);
    await expect(second).resolves.toBe(true);
  });
});
