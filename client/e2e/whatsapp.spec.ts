import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { AppShell } from './support/app-shell';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { captureOpenedLinks, openedLinks } from './support/whatsapp';
import { customerBody } from '../../tests/factories';
import { defaultWhatsappTemplates } from '@shared/domain/whatsapp-templates';

// Issue 45, point 4: an estimate shared by WhatsApp on the tablet, offline. The link WhatsApp would
// open is captured, never followed (window.open is stubbed); the log 'Opened by … at …' is on the
// device after a reload, and on the server once the tablet is online. A customer whose phone cannot be
// a WhatsApp number gets the message in the page, with the way to the customer's form.

const tag = Date.now().toString(36).slice(-5).toUpperCase();
const service = `Oil Change ${tag}`;
const customer = { name: `Kumari Perera ${tag}`, plate: `WA-${tag}` };

test.describe('WhatsApp: an estimate shared offline', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('the link in Sinhala is opened, the opening logged on the device and then on the server; a bad phone is said in the page', async ({ page, context, request }) => {
    const token = await adminToken(request);
    await api(request, token, 'post', '/api/services', { name: service, price: 2500 });
    const created = await api<{ customer: { id: string } }>(
      request,
      token,
      'post',
      '/api/customers',
      customerBody(customer.name, '077 123 4567', customer.plate, { language: 'si' }),
    );
    await captureOpenedLinks(page);

    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    await context.setOffline(true);
    await page.goto('/transaction/estimates');
    await expect(new AppShell(page).syncIndicator).toContainText('Offline');

    await page.getByRole('button', { name: '+ New Estimate' }).click();
    const form = page.getByRole('dialog', { name: 'New Estimate' });
    await form.getByLabel('Find a customer').fill(customer.name.split(' ')[0]!);
    await form.getByRole('button', { name: new RegExp(customer.name) }).click();
    await form.getByLabel('Add a service or part').fill(service);
    await form.getByRole('button', { name: new RegExp(service) }).click();
    await form.getByRole('button', { name: 'Save Estimate' }).click();
    await expect(page).toHaveURL(/\/estimates\//);
    const heading = await page.getByRole('heading', { name: /Estimate EST-/ }).textContent();
    const estimateNo = heading!.replace('Estimate', '').trim();
    const estimateId = new URL(page.url()).pathname.split('/').pop()!;

    // Send: WhatsApp at the customer's international number, the estimate in Sinhala, every line break kept.
    await page.getByRole('button', { name: 'Send by WhatsApp' }).click();
    const opened = await openedLinks(page);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.target).toBe('_blank');
    expect(opened[0]!.features).toBe('noopener');
    const url = new URL(opened[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/94771234567');
    // 'හිතවත් ' (Dear) as UTF-8, percent-encoded: the link itself, not only its reading.
    expect(opened[0]!.url).toMatch(/^https:\/\/wa\.me\/94771234567\?text=%E0%B7%84%E0%B7%92%E0%B6%AD%E0%B7%80%E0%B6%AD%E0%B7%8A%20/);
    expect(url.searchParams.get('text')).toContain(`${customer.plate} සඳහා ඔබගේ ඇස්තමේන්තුව ${estimateNo}:\n${service} × 1: Rs. 2,500.00\nමුළු මුදල: Rs. 2,500.00\n`);

    const log = page.getByTestId('whatsapp-log');
    await expect(log).toContainText(/Opened by Ann Admin at \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M \(not yet synced\)/);
    await page.reload();
    await expect(page.getByTestId('whatsapp-log')).toContainText('Opened by Ann Admin at');

    // Online: the server holds the opening, by the session's user.
    await context.setOffline(false);
    await waitForSynced(page, 40_000);
    const pull = await api<{ changes: { table: string; row: Record<string, unknown> }[] }>(
      request,
      token,
      'get',
      '/api/sync/pull?since=0&tables=whatsappLog&protocol=13&limit=2000',
    );
    const rows = pull.changes.filter((change) => change.table === 'whatsappLog' && change.row.refId === estimateId).map((change) => change.row);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ customerId: created.customer.id, plate: customer.plate, kind: 'estimate', userName: 'Ann Admin' });
    await expect(page.getByTestId('whatsapp-log')).not.toContainText('not yet synced');

    // A phone that cannot be a WhatsApp number: said in the page, nothing opened, the way to mend it offered.
    await api(request, token, 'put', `/api/customers/${created.customer.id}`, { phone: '12345' });
    await waitForSynced(page, 40_000);
    await page.reload();
    await page.getByRole('button', { name: 'Send by WhatsApp' }).click();
    await expect(page.getByTestId('whatsapp-problem')).toContainText("12345 cannot be made a WhatsApp number: edit the customer's phone (e.g. 0771234567).");
    expect(await openedLinks(page).then((links) => links.length)).toBe(0);
    await page.getByTestId('whatsapp-problem').getByRole('link', { name: 'Edit customer' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Customer' });
    await expect(edit.getByRole('textbox', { name: 'Phone' })).toHaveValue('12345');
    await expect(edit.getByLabel('Message language')).toHaveValue('si');

    // Mended there (a good number, Tamil from now on), the estimate goes in Tamil.
    await edit.getByRole('textbox', { name: 'Phone' }).fill('0712345678');
    await edit.getByLabel('Message language').selectOption({ label: 'தமிழ்' });
    await edit.getByRole('button', { name: 'Save Customer' }).click();
    await expect(edit).toBeHidden();
    await page.goto(`/estimates/${estimateId}`);
    await page.getByRole('button', { name: 'Send by WhatsApp' }).click();
    await expect.poll(() => openedLinks(page).then((links) => links.length)).toBe(1);
    const tamil = (await openedLinks(page))[0]!.url;
    // 'அன்புள்ள ' (Dear) as UTF-8, percent-encoded.
    expect(tamil).toMatch(/^https:\/\/wa\.me\/94712345678\?text=%E0%AE%85%E0%AE%A9%E0%AF%8D%E0%AE%AA%E0%AF%81%E0%AE%B3%E0%AF%8D%E0%AE%B3%20/);
    await expect(page.getByTestId('whatsapp-log').getByRole('listitem')).toHaveCount(2);
    await expect
      .poll(async () => (await api<{ customer: { language: string } }>(request, token, 'get', `/api/customers/${created.customer.id}`)).customer.language, { timeout: 20_000 })
      .toBe('ta');
  });
});

test.describe('Settings → WhatsApp messages', () => {
  test('a message too long for a WhatsApp link is said in the page and not saved; Save message and Reset to default', async ({ page, request }) => {
    const token = await adminToken(request);
    const stored = async () => (await api<{ company: Record<string, string> }>(request, token, 'get', '/api/company')).company.whatsappDeclinedSi;
    await api(request, token, 'put', '/api/company', { name: 'Perera Motors', address: '12 Galle Road', email: 'office@perera.lk', phone: '0112345678' });
    await loginAs(page, admin);
    await waitForSynced(page);
    await page.goto('/settings/company');
    const section = page.getByRole('region', { name: 'WhatsApp messages' });
    await section.getByLabel('Message', { exact: true }).selectOption('declined');
    await section.getByLabel('Language', { exact: true }).selectOption('si');
    const text = section.getByLabel('Text', { exact: true });
    await expect(text).toHaveValue(defaultWhatsappTemplates.declined.si);

    await text.fill(`{name} ${'ස'.repeat(220)}`);
    await section.getByRole('button', { name: 'Save message' }).click();
    await expect(section.getByRole('alert')).toHaveText(
      'The Sinhala Declined work follow-up message is too long for a WhatsApp link: with long names filled in it makes 2,077 characters (at most 2,000). Shorten it.',
    );
    await waitForSynced(page);
    expect(await stored()).toBe('');

    await text.fill('ආයුබෝවන් {name},\n{plate}: {due}.');
    await section.getByRole('button', { name: 'Save message' }).click();
    await expect(section.getByRole('alert')).toHaveCount(0);
    await expect.poll(stored, { timeout: 20_000 }).toBe('ආයුබෝවන් {name},\n{plate}: {due}.');

    await section.getByRole('button', { name: 'Reset to default' }).click();
    await expect(text).toHaveValue(defaultWhatsappTemplates.declined.si);
    await expect.poll(stored, { timeout: 20_000 }).toBe('');
  });
});
