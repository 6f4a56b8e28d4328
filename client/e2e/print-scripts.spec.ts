import type { Page } from 'playwright/test';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api, OtherRegister } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { customerBody, itemBody, jobItem, openJobBody } from '../../tests/factories';

// Issue 25, 'Print any language': a customer named in Sinhala buys a part named in Tamil. Every
// printed document (invoice, receipt on the square page and on the 80 mm roll, warranty certificate,
// bulk receipt, job sheet) is printed to PDF by Chromium OFFLINE, from the device's copy and the fonts
// the service worker keeps, and both report PDFs (built in the browser's worker and by the server)
// are downloaded; each is read back with pdftotext and its fonts listed with pdffonts. This browser
// has no Sinhala or Tamil font of its own, so the text can only come out right in the app's fonts.

const run = Date.now().toString(36).slice(-5);
const clientId = `print-scripts-e2e-${run}`;
const customerName = `සුනිල් පෙරේරා ${run}`;
const tamilPart = `எண்ணெய் வடிகட்டி ${run}`;
const sinhalaPart = `තිරිංග පෑඩ් ${run}`;
const address = 'කොළඹ 03';
// Any other script (print-scripts.ts): a part in Hindi, one in Polish and Greek, a footer in Hindi, Chinese, Korean and Arabic.
const hindiPart = `इंजन तेल ${run}`;
const extendedPart = `Łożysko Ωμέγα ${run}`;
// Chinese, Japanese and Korean, with fonts of ours (cjk, hangul).
const cjkPart = `机油 オイル ${run}`;
const koreanPart = `엔진 오일 ${run}`;
const footer = 'ස්තුතියි! நன்றி! धन्यवाद 谢谢 감사합니다 شكرا';

const company = {
  name: `Lanka Auto ${run}`,
  address: '12 Galle Road, Colombo 03',
  phone: '0112345678',
  email: 'office@lankaauto.test',
  footer,
  receiptLayout: 'square',
};

const register = new OtherRegister(clientId);

const pdfText = (file: string) => execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).replace(/[ \t]+/g, ' ');
const pdfFonts = (file: string) => execFileSync('pdffonts', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const picture = (file: string, name: string) =>
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, test.info().outputPath(name)], { stdio: 'ignore' });

/** Chromium's PDF of the printed document on the page, read back. */
async function printed(page: Page, selector: string, name: string): Promise<{ text: string; fonts: string }> {
  await expect(page.locator(`.print-root-preview ${selector}`).first()).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
  const file = test.info().outputPath(`${name}.pdf`);
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  picture(file, name);
  return { text: pdfText(file), fonts: pdfFonts(file) };
}

test.describe('Sinhala, Tamil and other scripts on paper', () => {
  test.describe.configure({ mode: 'serial' });
  let token: string;
  let invoiceId: string;
  let jobId: string;
  let bulkId: string;

  test.beforeAll(async ({ request }) => {
    token = await adminToken(request);
    await api(request, token, 'put', '/api/company', company);
    const { category } = await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: `Filters ${run}` });
    // Sold out, so the low stock reports list them (read back below).
    const item = async (itemName: string, barcode: string) =>
      api(request, token, 'post', '/api/items', itemBody(category._id, { itemName, barcode, unitPrice: 1500, stockQuantity: 0, reorderLevel: 3 }));
    await item(tamilPart, `TAM-${run}`);
    await item(sinhalaPart, `SIN-${run}`);
    await item(hindiPart, `HIN-${run}`);
    await item(extendedPart, `EXT-${run}`);
    await item(cjkPart, `CJK-${run}`);
    await item(koreanPart, `KOR-${run}`);

    const plate = `WP CAB-${run.slice(0, 4).toUpperCase()}`;
    const { customer } = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(customerName, '0771234567', plate, { address }));
    const job = openJobBody(customer._id, plate, { jobType: 'එන්ජිම ශබ්ද කරයි', jobItems: [jobItem(tamilPart, 1500)] });
    const { jobCard } = await api<{ jobCard: { _id: string } }>(request, token, 'post', '/api/job-cards', job);
    jobId = jobCard._id;

    // The sale, part paid, then the rest in a bulk payment.
    const { code } = await api<{ code: string }>(request, token, 'post', '/api/sync/device', { clientId });
    invoiceId = randomUUID();
    await register.push(request, token, 'checkoutSale', {
      id: invoiceId,
      invoiceNo: `INV-${code}-00001`,
      date: new Date().toISOString(),
      customerId: customer._id,
      lines: [
        { id: randomUUID(), kind: 'item', refId: null, name: tamilPart, quantity: 1, unitPrice: 1500, warrantyMonths: 6 },
        { id: randomUUID(), kind: 'item', refId: null, name: sinhalaPart, quantity: 2, unitPrice: 1500, warrantyMonths: 12 },
      ],
      taxRatePercent: 0,
      pricesIncludeTax: true,
      total: 4500,
      payment: { id: randomUUID(), method: 'Cash', tendered: 1000 },
    });
    bulkId = randomUUID();
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    await register.push(request, token, 'recordBulkPayment', {
      id: bulkId,
      customerId: customer._id,
      date: `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`,
      method: 'Cash',
      amount: 500,
      note: 'ඉතිරිය',
      allocations: [{ paymentId: randomUUID(), invoiceId, amount: 500 }],
    });
  });

  test('every printed document shows the Sinhala name and the Tamil part, printed offline', async ({ page, context, request }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);

    await page.goto(`/print/invoices/${invoiceId}?doc=invoice`);
    const invoice = await printed(page, '.print-doc', 'invoice');
    for (const words of [customerName, address, tamilPart, sinhalaPart, 'ස්තුතියි! நன்றி! धन्यवाद']) expect(invoice.text).toContain(words);

    await page.goto(`/print/invoices/${invoiceId}?doc=receipt`);
    const square = await printed(page, '.receipt-square', 'receipt-square');
    expect(square.text).toContain(customerName);

    await page.goto(`/print/invoices/${invoiceId}?doc=warranty`);
    const warranty = await printed(page, '.print-doc', 'warranty');
    for (const words of [customerName, tamilPart, sinhalaPart]) expect(warranty.text).toContain(words);

    await page.goto(`/print/bulk-receipts/${bulkId}`);
    const bulk = await printed(page, '.print-doc', 'bulk-receipt');
    for (const words of [customerName, address, 'ඉතිරිය']) expect(bulk.text).toContain(words);

    await page.goto(`/print/job-sheets/${jobId}`);
    const sheet = await printed(page, '.print-job-sheet', 'job-sheet');
    for (const words of [customerName, 'එන්ජිම ශබ්ද කරයි', tamilPart]) expect(sheet.text).toContain(words);

    // Each came out in the app's own fonts, embedded in the PDF (Chromium names them by their PostScript name).
    for (const doc of [invoice, warranty, bulk, sheet]) expect(doc.fonts).toMatch(/NotoSansSinhala/);
    for (const doc of [invoice, warranty, sheet]) expect(doc.fonts).toMatch(/NotoSansTamil/);
    // The footer's Hindi and Arabic too: this browser has no Devanagari font; its DejaVu has Arabic, but ours comes first.
    expect(invoice.fonts).toMatch(/NotoSansDevanagari/);
    expect(invoice.fonts).toMatch(/NotoSansArabic/);
    // Chinese and Korean: this browser has no CJK font at all.
    expect(invoice.text).toContain('谢谢 감사합니다');
    expect(invoice.fonts).toMatch(/DroidSansFallback/);
    expect(invoice.fonts).toMatch(/GarageHangul/);

    // The 80 mm roll: the shop changes its layout; back online, the device learns it.
    await context.setOffline(false);
    await api(request, token, 'put', '/api/company', { ...company, receiptLayout: 'thermal80' });
    await page.goto(`/print/invoices/${invoiceId}?doc=receipt`);
    await expect(page.locator('.print-root-preview .receipt-thermal80')).toBeVisible({ timeout: 20_000 });
    await context.setOffline(true);
    await page.reload();
    const roll = await printed(page, '.receipt-thermal80', 'receipt-80mm');
    expect(roll.text).toContain(customerName);
    expect(roll.fonts).toMatch(/NotoSansSinhala/);
    await context.setOffline(false);
  });

  test("both report PDFs, the device's and the server's, read back in Sinhala, Tamil, Hindi, Greek, Chinese and Korean", async ({ page, request }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    await page.goto('/report/low-stock-items');
    await expect(page.getByRole('cell', { name: tamilPart })).toBeVisible({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF (Client)' }).click()]);
    const client = test.info().outputPath('low-stock-client.pdf');
    await download.saveAs(client);
    picture(client, 'low-stock-client');

    const answer = await request.get('/api/stock-report/low-stock-items/report.pdf?threshold=2', { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    const server = test.info().outputPath('low-stock-server.pdf');
    writeFileSync(server, await answer.body());
    picture(server, 'low-stock-server');

    for (const file of [client, server]) {
      const text = pdfText(file);
      expect(text).toMatch(new RegExp(`TAM-${run} ${tamilPart} Filters ${run} 0 3 Rs\\. 1,500\\.00`));
      expect(text).toMatch(new RegExp(`SIN-${run} ${sinhalaPart} Filters ${run} 0 3 Rs\\. 1,500\\.00`));
      expect(pdfFonts(file)).toMatch(/report-sinhala\s+CID TrueType\s+Identity-H\s+yes/);
      expect(pdfFonts(file)).toMatch(/report-tamil\s+CID TrueType\s+Identity-H\s+yes/);
      expect(text).toMatch(new RegExp(`HIN-${run} ${hindiPart} Filters ${run} 0 3 Rs\\. 1,500\\.00`));
      expect(text).toMatch(new RegExp(`EXT-${run} ${extendedPart} Filters ${run} 0 3 Rs\\. 1,500\\.00`));
      expect(pdfFonts(file)).toMatch(/report-devanagari\s+CID TrueType\s+Identity-H\s+yes/);
      expect(pdfFonts(file)).toMatch(/report-extended\s+CID TrueType\s+Identity-H\s+yes/);
      expect(text).toMatch(new RegExp(`CJK-${run} ${cjkPart} Filters ${run} 0 3 Rs\\. 1,500\\.00`));
      expect(text).toMatch(new RegExp(`KOR-${run} ${koreanPart} Filters ${run} 0 3 Rs\\. 1,500\\.00`));
      expect(pdfFonts(file)).toMatch(/report-cjk\s+CID TrueType\s+Identity-H\s+yes/);
      expect(pdfFonts(file)).toMatch(/report-hangul\s+CID TrueType\s+Identity-H\s+yes/);
    }
  });
});
