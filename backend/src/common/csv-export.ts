import { applyDecorators, Get, Header, StreamableFile } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { Readable } from 'node:stream';

export interface CsvExport<T> {
  columns: readonly string[];
  /** The next batch after `last` (null: the first), `taken` rows already sent; fewer than `batchSize` ends the file. */
  readBatch: (last: T | null, taken: number) => Promise<T[]>;
  row: (item: T) => unknown[];
  batchSize: number;
  /** Called between batches (e.g. to clear an identity map that would otherwise hold every row read). */
  afterBatch?: () => void;
}

/**
 * An admin list's CSV of every row of its filter (issue #18: not the 1,000 react-admin's export fetches), as a
 * stream that reads the next batch only when the client took the last, so memory stays flat whatever the size.
 * The first batch is read before this resolves, so a bad filter or a database failure is a proper error answer
 * instead of a broken download. Every field is quoted, and csv-stringify's escape_formulas prefixes a value
 * starting with = + - @ tab or CR with a single quote, so a spreadsheet shows it as text, never runs it.
 */
export async function csvExport<T>({ columns, readBatch, row, batchSize, afterBatch }: CsvExport<T>): Promise<Readable> {
  const first = await readBatch(null, 0);
  async function* lines(): AsyncGenerator<string> {
    yield `${columns.join(',')}\r\n`;
    let batch = first;
    let taken = 0;
    while (batch.length) {
      yield stringify(batch.map(row), { quoted: true, escape_formulas: true, record_delimiter: 'windows' });
      if (batch.length < batchSize) return;
      taken += batch.length;
      afterBatch?.();
      batch = await readBatch(batch[batch.length - 1]!, taken);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** The download answer: CSV, saved under `fileName`. */
export function csvFile(csv: Readable, fileName: string): StreamableFile {
  return new StreamableFile(csv, { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="${fileName}"` });
}

/** `prefix_YYYY-MM-DD.csv`, the day of the export. */
export const csvFileName = (prefix: string, now = new Date()) => `${prefix}_${now.toISOString().slice(0, 10)}.csv`;

/** `GET …/export.csv`, never stored by a cache. Declare it before a `:id` route, so the name is not read as an id. */
export const CsvExportRoute = () => applyDecorators(Get('export.csv'), Header('Cache-Control', 'no-store'));
