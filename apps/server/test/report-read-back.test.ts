import {
  ACTIVE_STATUS_TEXTS,
  type AdRow,
  formatDateTime,
  formatMoney,
  OFFER_KIND_TEXTS,
} from '@usluge/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnTitle, hasColumnTitle } from '../src/list-engine/column-titles.ts';
import { defaultReportColumns } from '../src/list-engine/list-report.ts';
import { LISTS } from '../src/modules/resources.ts';
import { pdftotext, readDocx, readXlsxSheet, wallClock } from './helpers/read-report.ts';
import { createDemoTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Every format of a report read back by a program we did not write (exceljs for xlsx, poppler's
 * pdftotext for pdf, an XML parser over the docx's word/document.xml), every cell compared with
 * the list's own JSON answer.
 */

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, adminCookie: cookie } = await createDemoTestApp());
});
afterAll(() => t.close());

/** The ads list's page as the list screen asks for it: newest first. */
const ADS_PAGE = { options: { page: 1, itemsPerPage: 25, sortBy: ['updated_at'], sortDesc: [true] } };

const AD_TITLES = [
  'Ažurirano',
  'Naslov',
  'Status',
  'Ponuda / potražnja',
  'Korisnik',
  'Cijena od',
  'Cijena do',
  'Valuta',
  'Status',
];

async function adsJson(): Promise<AdRow[]> {
  const response = await t.request({ method: 'POST', url: '/api/jobs/index', payload: ADS_PAGE, cookie });
  expect(response.statusCode).toBe(200);
  const rows = response.json().result as AdRow[];
  expect(rows.length).toBeGreaterThan(3);
  return rows;
}

const report = (body: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/jobs/index',
    payload: { ...ADS_PAGE, is_report: true, ...body },
    cookie,
  });

/** Money as the screens and page formats write it in Montenegrin: '1.234,50'. */
const money = (value: number) => formatMoney(value, null, 'me');

/** An ad's cells in the list screen's columns, as text the page formats print. */
function adTexts(ad: AdRow): string[] {
  return [
    formatDateTime(new Date(ad.updated_at)),
    ad.title,
    ad.status.name,
    OFFER_KIND_TEXTS.me[ad.is_offer ? 'offer' : 'demand'],
    ad.user_name,
    money(ad.price_from),
    ad.price_to === null ? '' : money(ad.price_to),
    ad.currency.short_name,
    ACTIVE_STATUS_TEXTS.me[ad.is_active ? 'active' : 'inactive'],
  ];
}

describe('reports read back by readers we did not write', () => {
  it('xlsx without show_columns: the list screen’s columns titled in the language, dates as date cells, money with two decimals, the currency by its short name', async () => {
    const ads = await adsJson();
    const response = await report({ report_type: 'xlsx' });
    expect(response.statusCode).toBe(200);
    const { values, formats } = await readXlsxSheet(response.rawPayload, AD_TITLES.length);
    const [header, ...rows] = values;
    expect(header).toEqual(AD_TITLES);
    expect(rows).toHaveLength(ads.length);
    ads.forEach((ad, index) => {
      const row = rows[index] ?? [];
      const format = formats[index + 1] ?? [];
      // A real date cell, shown as Montenegro's day and minute.
      expect(row[0]).toBeInstanceOf(Date);
      expect(wallClock(row[0] ?? null)).toBe(formatDateTime(new Date(ad.updated_at)));
      expect(format[0]).toBe('dd.mm.yyyy hh:mm');
      expect(row.slice(1, 5)).toEqual(adTexts(ad).slice(1, 5));
      // Numbers that stay numbers, formatted with two decimals.
      expect(row[5]).toBe(ad.price_from);
      expect(format[5]).toBe('#,##0.00');
      expect(row[6]).toBe(ad.price_to);
      if (ad.price_to !== null) expect(format[6]).toBe('#,##0.00');
      expect(row[7]).toBe(ad.currency.short_name);
      expect(row[8]).toBe(adTexts(ad)[8]);
    });
    // Dates sort as dates: newest first, as asked.
    const times = rows.map((row) => (row[0] as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('xlsx: a field holding an object prints the property its list names, not JSON', async () => {
    const ads = await adsJson();
    const response = await report({
      report_type: 'xlsx',
      show_columns: [
        { key: 'title', title: 'Oglas' },
        { key: 'currency', title: 'Valuta' },
        { key: 'status', title: 'Status' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { values } = await readXlsxSheet(response.rawPayload, 3);
    expect(values.slice(1)).toEqual(ads.map((ad) => [ad.title, ad.currency.short_name, ad.status.name]));
  });

  it('pdf without show_columns: pdftotext reads every cell of every row, in order, long text whole', async () => {
    const ads = await adsJson();
    const response = await report({ report_type: 'pdf', report_name: 'Oglasi' });
    expect(response.statusCode).toBe(200);
    const pages = await pdftotext(response.rawPayload);
    // Cells' lines are drawn one after another; a wrapped cell breaks its text at spaces or inside a word.
    const bare = (text: string) => text.replace(/\s+/g, '');
    const all = bare(pages.join(''));
    expect(all).toContain(bare(AD_TITLES.join('')));
    let from = 0;
    for (const ad of ads) {
      const at = all.indexOf(bare(adTexts(ad).join('')), from);
      expect(at, `row of ad ${ad.id}: ${adTexts(ad).join(' | ')}`).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
    expect(all).not.toContain('…');
  });

  it('docx without show_columns: every cell of the table is the list’s value', async () => {
    const ads = await adsJson();
    const response = await report({ report_type: 'docx' });
    expect(response.statusCode).toBe(200);
    const docx = readDocx(response.rawPayload);
    expect(docx.header).toEqual(AD_TITLES);
    expect(docx.rows).toEqual(ads.map(adTexts));
  });

  it('English: the default columns titled in English', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/jobs/index',
      payload: { ...ADS_PAGE, is_report: true, report_type: 'docx' },
      cookie,
      headers: { 'accept-language': 'en' },
    });
    expect(readDocx(response.rawPayload).header).toEqual([
      'Updated',
      'Title',
      'Status',
      'Offer / demand',
      'User',
      'Price from',
      'Price to',
      'Currency',
      'Status',
    ]);
  });

  it('every list’s default report columns are its own and have titles in both languages', () => {
    for (const list of LISTS) {
      for (const key of defaultReportColumns(list)) {
        expect(hasColumnTitle(key), `${list.resource}: ${key} has no title`).toBe(true);
        expect(columnTitle(key, 'me')).not.toBe(key);
      }
    }
  });

  it('the file name keeps đ and Đ: readable in filename*, spelled dj in the plain one', async () => {
    const response = await report({ report_type: 'xlsx', report_name: 'Đurđevdan – oglasi' });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Djurdjevdan - oglasi.xlsx"; filename*=UTF-8''${encodeURIComponent('Đurđevdan – oglasi.xlsx')}`,
    );
  });
});
