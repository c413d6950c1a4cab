/**
 * Reading a trader's results from a CSV (issue #28): the generic `date,pnl` form, and the trade-history exports of
 * MetaTrader 5, cTrader, NinjaTrader, Tradovate and TradingView's "List of trades", recognised by their header row
 * (column layouts in docs/simulator.md). Trades are summed per calendar day as the platform wrote the date; a date
 * with an explicit zone (Z, +02:00) is taken as its UTC date. Anything that cannot be read is refused with its line
 * number and the reason, never skipped silently — a skipped losing day would flatter the trader.
 */
import { SimulatorInputError } from './errors.js';
import { sortedDays } from './series.js';
import type { DailyPnl } from './types.js';

export type CsvFormat = 'generic' | 'mt5-positions' | 'mt5-deals' | 'ctrader' | 'ninjatrader' | 'tradovate' | 'tradingview';

export interface ParsedCsv {
  format: CsvFormat;
  days: DailyPnl[];
  /** Rows (trades or days) read. */
  rows: number;
}

export const NO_HEADER_MESSAGE = 'We could not find a date column and a P&L column: the first line should name them, e.g. "date,pnl" '
  + '(we read date, time, close time or closed, and pnl, profit, net p&l or p&l), or the file should be a trade history exported '
  + 'from MetaTrader 5, cTrader, NinjaTrader, Tradovate or TradingView';

const GENERIC_DATE = ['date', 'time', 'close time', 'closed', 'closing time', 'exit time', 'close date', 'date/time', 'date and time', 'day'];
const GENERIC_PNL = ['pnl', 'profit', 'net p&l', 'p&l', 'net profit', 'p/l', 'net pnl', 'profit/loss', 'result'];

/** The daily series in a CSV, summed per day. */
export function parsePnlCsv(text: string): DailyPnl[] {
  return readPnlCsv(text).days;
}

/** As parsePnlCsv, also saying which export it recognised. */
export function readPnlCsv(text: string): ParsedCsv {
  const source = text.replace(/^\uFEFF/, '');
  if (source.trim() === '') throw new SimulatorInputError('The file is empty', 1);
  for (const delimiter of ['\t', ';', ',']) {
    const rows = tokenize(source, delimiter);
    // The header may follow a few lines of report title (MetaTrader 5's report starts with name, account, date).
    for (let r = 0; r < Math.min(rows.length, 30); r++) {
      const layout = recognise(rows[r].cells.map(normaliseHeader));
      if (layout) return readRows(rows.slice(r + 1), layout, rows[r].line);
    }
  }
  throw new SimulatorInputError(NO_HEADER_MESSAGE, 1);
}

interface Row {
  /** 1-based line where the row starts. */
  line: number;
  cells: string[];
}

/** RFC 4180 fields: quotes around a field may hold the delimiter, newlines and doubled quotes. */
function tokenize(text: string, delimiter: string): Row[] {
  const rows: Row[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else {
      cell += ch;
    }
  }
  cells.push(cell);
  if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
  return rows;
}

function normaliseHeader(cell: string): string {
  return cell.trim().toLowerCase().replace(/\s+/g, ' ');
}

interface Layout {
  format: CsvFormat;
  /** Columns whose latest date is the day the trade counts on (Tradovate: bought and sold timestamps). */
  dateColumns: number[];
  /** Columns added together for the P&L; subtract: columns taken away (NinjaTrader's commission). */
  pnlColumns: number[];
  subtract: number[];
  /** A row is read only when this says so (TradingView: exit rows; MT5 deals: trades, not deposits). */
  keep?: (cells: string[]) => boolean;
  /** MetaTrader 5's report has further sections after the table; the first row that is not a trade ends it. */
  endsAtNonDate?: boolean;
  /** Day-first (14/03/2025) unless the file's dates show otherwise. */
  dayFirst: boolean;
}

function recognise(h: string[]): Layout | null {
  const at = (name: string) => h.indexOf(name);
  const find = (test: (x: string) => boolean) => h.findIndex(test);
  const has = (...names: string[]) => names.every((n) => h.includes(n));

  // TradingView "List of trades": Trade #, Type (Entry/Exit long/short), Date/Time, ..., Net P&L USD (older: Profit USD).
  if (has('trade #', 'type')) {
    const date = find((x) => x === 'date/time' || x === 'date and time' || x === 'date');
    const pnl = find((x) => /^net p&l( |$)/.test(x) && !x.endsWith('%'));
    const profit = find((x) => /^profit( |$)/.test(x) && !x.endsWith('%'));
    const type = at('type');
    if (date >= 0 && (pnl >= 0 || profit >= 0)) {
      return {
        format: 'tradingview', dateColumns: [date], pnlColumns: [pnl >= 0 ? pnl : profit], subtract: [], dayFirst: false,
        keep: (cells) => /^exit/i.test((cells[type] ?? '').trim()),
      };
    }
  }
  // Tradovate Performance: symbol, ..., qty, buyPrice, sellPrice, pnl, boughtTimestamp, soldTimestamp, duration.
  if (has('boughttimestamp', 'soldtimestamp', 'pnl')) {
    return { format: 'tradovate', dateColumns: [at('boughttimestamp'), at('soldtimestamp')], pnlColumns: [at('pnl')], subtract: [], dayFirst: false };
  }
  // MetaTrader 5 report, Positions: Time, Position, Symbol, Type, Volume, Price, S / L, T / P, Time, Price, Commission, Swap, Profit.
  if (has('position', 'symbol', 'commission', 'swap', 'profit') && h.filter((x) => x === 'time').length === 2) {
    return {
      format: 'mt5-positions', dateColumns: [h.lastIndexOf('time')], pnlColumns: [at('profit'), at('commission'), at('swap')], subtract: [],
      endsAtNonDate: true, dayFirst: false,
    };
  }
  // MetaTrader 5 report, Deals: Time, Deal, Symbol, Type, Direction, Volume, Price, Order, Commission, Fee, Swap, Profit, Balance, Comment.
  if (has('time', 'deal', 'type', 'direction', 'profit')) {
    const type = at('type');
    const money = ['profit', 'commission', 'fee', 'swap'].map(at).filter((i) => i >= 0);
    return {
      format: 'mt5-deals', dateColumns: [at('time')], pnlColumns: money, subtract: [], endsAtNonDate: true, dayFirst: false,
      // Deposits, withdrawals and credit are not trading results.
      keep: (cells) => /^(buy|sell)$/i.test((cells[type] ?? '').trim()),
    };
  }
  // cTrader History: ..., Closing Time, ..., Gross USD, Net USD (or "Net (USD)", "Net $", "Net €"), Balance USD.
  if (at('closing time') >= 0) {
    const net = find((x) => /^net( |\(|$)/.test(x) && !x.includes('%'));
    if (net >= 0) return { format: 'ctrader', dateColumns: [at('closing time')], pnlColumns: [net], subtract: [], dayFirst: true };
  }
  // NinjaTrader Trade Performance → Trades: Trade number, Instrument, ..., Entry time, Exit time, ..., Profit, Cum. net profit, Commission, ...
  // Its Profit is before commission (NinjaTrader's definitions), so the commission is taken off.
  if (has('exit time', 'profit')) {
    const commission = at('commission');
    return {
      format: 'ninjatrader', dateColumns: [at('exit time')], pnlColumns: [at('profit')], subtract: commission >= 0 ? [commission] : [], dayFirst: false,
    };
  }
  const date = find((x) => GENERIC_DATE.includes(stripUnit(x)));
  const pnl = find((x) => GENERIC_PNL.includes(stripUnit(x)));
  if (date >= 0 && pnl >= 0) return { format: 'generic', dateColumns: [date], pnlColumns: [pnl], subtract: [], dayFirst: false };
  return null;
}

/** "Profit ($)", "P&L USD", "Net P&L (USD)" → the name without its currency. */
function stripUnit(header: string): string {
  return header.replace(/\s*\((\$|usd|eur|gbp|€|£)\)$/, '').replace(/\s+(\$|usd|eur|gbp|€|£)$/, '').trim();
}

function readRows(rows: Row[], layout: Layout, headerLine: number): ParsedCsv {
  const needed = Math.max(...layout.dateColumns, ...layout.pnlColumns, ...layout.subtract) + 1;
  const dayFirst = guessDayFirst(rows, layout);
  const byDay = new Map<string, number>();
  let read = 0;
  for (const row of rows) {
    const { cells, line } = row;
    if (layout.endsAtNonDate && !startsWithDate(cells[layout.dateColumns[0]])) break;
    if (cells.length < needed) {
      throw new SimulatorInputError(
        `Line ${line} has ${cells.length} column${cells.length === 1 ? '' : 's'} where the header on line ${headerLine} has at least ${needed}: check that every line uses the same separator`,
        line,
      );
    }
    if (layout.keep && !layout.keep(cells)) continue;
    let day: string | null = null;
    for (const column of layout.dateColumns) {
      const raw = cells[column].trim();
      // Tradovate: the later of the bought and sold timestamps closes the trade.
      const parsed = parseDate(raw, dayFirst);
      if (parsed === null) {
        throw new SimulatorInputError(
          raw === '' ? `Line ${line}: the date is empty` : `Line ${line}: "${raw}" is not a date we can read (write dates like 2025-03-14)`,
          line,
        );
      }
      if (day === null || parsed > day) day = parsed;
    }
    let pnl = 0;
    for (const [columns, sign] of [[layout.pnlColumns, 1], [layout.subtract, -1]] as const) {
      for (const column of columns) {
        const raw = cells[column].trim();
        // Commission and swap cells may be empty in MetaTrader's and NinjaTrader's exports; the P&L itself may not.
        if (raw === '' && column !== layout.pnlColumns[0]) continue;
        const amount = parseAmount(raw);
        if (amount === null) {
          throw new SimulatorInputError(
            raw === '' ? `Line ${line}: the P&L is empty` : `Line ${line}: "${raw}" is not an amount we can read (write amounts like -125.50)`,
            line,
          );
        }
        // NinjaTrader shows the commission as a positive cost; its sign is irrelevant to what is taken off.
        pnl += sign === -1 ? -Math.abs(amount) : amount;
      }
    }
    byDay.set(day!, (byDay.get(day!) ?? 0) + pnl);
    read++;
  }
  if (read === 0) throw new SimulatorInputError(`The file has a header on line ${headerLine} but no results under it`, headerLine);
  return { format: layout.format, days: sortedDays(byDay), rows: read };
}

/** An amount: "$1,234.56", "1 234,56", "(125.00)", "$(125.00)", "-$125", "125.5 USD". Null when it is not one. */
export function parseAmount(raw: string): number | null {
  let s = raw.replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  s = s.replace(/^(usd|eur|gbp)|(usd|eur|gbp)$/i, '').replace(/[$€£]/g, '');
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-') || s.startsWith('\u2212')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
    s = s.slice(1, -1);
  }
  if (!/^[\d.,']+$/.test(s) || !/\d/.test(s)) return null;
  s = s.replace(/'/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the later one is the decimal mark.
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    // Only commas: groups of three are thousands (1,234,567), anything else is a decimal comma (125,5).
    s = /^\d{1,3}(,\d{3})+$/.test(s) ? s.replace(/,/g, '') : s.replace(',', '.');
  } else if (lastDot >= 0 && s.indexOf('.') !== lastDot) {
    // Several dots: thousands (1.234.567).
    s = /^\d{1,3}(\.\d{3})+$/.test(s) ? s.replace(/\./g, '') : '';
  }
  if (!/^\d+(\.\d+)?$|^\d*\.\d+$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? (negative ? -n : n) : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The calendar day (YYYY-MM-DD) of a platform's date or date-time. Null when it is not one. */
export function parseDate(raw: string, dayFirst: boolean): string | null {
  const s = raw.trim();
  let m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:$|[T ]\s*(.*))/.exec(s);
  if (m) {
    const rest = m[4] ?? '';
    // An explicit zone moves the instant; the UTC date is the day (as dailySeriesFromTrades).
    if (/(Z|[+-]\d{2}:?\d{2})$/i.test(rest) && /^\d{4}-\d{2}-\d{2}T/.test(s)) {
      const t = Date.parse(s);
      return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
    }
    if (rest !== '' && !isTime(rest)) return null;
    return ymd(+m[1], +m[2], +m[3]);
  }
  m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:$|[ T]\s*(.*))/.exec(s);
  if (m) {
    if (m[4] !== undefined && m[4] !== '' && !isTime(m[4])) return null;
    const [a, b] = [+m[1], +m[2]];
    return dayFirst ? ymd(+m[3], b, a) : ymd(+m[3], a, b);
  }
  // "Mar 14, 2025" or "14 Mar 2025", with an optional time.
  m = /^([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})(?:$|[ ,]\s*(.*))/i.exec(s) ?? null;
  if (m && MONTHS.includes(m[1].toLowerCase()) && (m[4] === undefined || m[4] === '' || isTime(m[4]))) {
    return ymd(+m[3], MONTHS.indexOf(m[1].toLowerCase()) + 1, +m[2]);
  }
  m = /^(\d{1,2}) ([a-z]{3})[a-z]*\.?,? (\d{4})(?:$|[ ,]\s*(.*))/i.exec(s);
  if (m && MONTHS.includes(m[2].toLowerCase()) && (m[4] === undefined || m[4] === '' || isTime(m[4]))) {
    return ymd(+m[3], MONTHS.indexOf(m[2].toLowerCase()) + 1, +m[1]);
  }
  return null;
}

function isTime(rest: string): boolean {
  return /^\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*([ap]\.?m\.?)?(\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2}))?$/i.test(rest.trim());
}

function ymd(y: number, mo: number, d: number): string | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1970 || y > 2100) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1) return null;
  return date.toISOString().slice(0, 10);
}

function startsWithDate(cell: string | undefined): boolean {
  return cell !== undefined && /^\s*\d{1,4}[-./]\d{1,2}[-./]\d{1,4}/.test(cell);
}

/**
 * 03/04/2025: the 3rd of April or March the 4th? A file says so itself when one of its dates has a first part
 * above 12 (day first) or a second part above 12 (month first); else the platform's habit decides.
 */
function guessDayFirst(rows: Row[], layout: Layout): boolean {
  for (const row of rows) {
    for (const column of layout.dateColumns) {
      const m = /^\s*(\d{1,2})[./-](\d{1,2})[./-]\d{4}/.exec(row.cells[column] ?? '');
      if (!m) continue;
      if (+m[1] > 12) return true;
      if (+m[2] > 12) return false;
    }
  }
  return layout.dayFirst;
}
