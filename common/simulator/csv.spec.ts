import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NO_HEADER_MESSAGE, parseAmount, parsePnlCsv, readPnlCsv } from './csv.js';
import { SimulatorInputError } from './errors.js';
import { validateSeries } from './series.js';

const fixture = (name: string) => readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');

/** The error a CSV is refused with. */
function refusal(text: string): SimulatorInputError {
  try {
    parsePnlCsv(text);
  } catch (e) {
    if (e instanceof SimulatorInputError) return e;
    throw e;
  }
  throw new Error('the CSV was accepted');
}

describe('parsePnlCsv: each platform\'s export, summed per day', () => {
  it('reads the generic date,pnl form', () => {
    const { format, days } = readPnlCsv(fixture('generic.csv'));
    expect(format).toBe('generic');
    expect(days).toHaveLength(22);
    expect(days[0]).toEqual({ date: '2025-03-03', pnl: 412.5 });
    expect(days[5]).toEqual({ date: '2025-03-10', pnl: 0 });
    expect(days.at(-1)).toEqual({ date: '2025-04-01', pnl: 260 });
  });

  it('reads a year of daily results (the fixture the page tests drop), enough to simulate', () => {
    const days = parsePnlCsv(fixture('year-of-days.csv'));
    expect(days).toHaveLength(250);
    expect(days[0]).toEqual({ date: '2024-01-17', pnl: 32.47 });
    expect(() => validateSeries(days)).not.toThrow();
  });

  it('reads a MetaTrader 5 report (Positions: close time, profit + commission + swap), stopping at the Orders section', () => {
    const { format, days, rows } = readPnlCsv(fixture('metatrader5-report.csv'));
    expect(format).toBe('mt5-positions');
    expect(rows).toBe(4);
    expect(days).toEqual([
      { date: '2025-03-14', pnl: -56.5 },
      { date: '2025-03-18', pnl: 513.6 },
      { date: '2025-03-19', pnl: 1060 },
    ]);
  });

  it('reads MetaTrader 5 Deals alone, leaving deposits out and counting commissions of opening deals', () => {
    const deals = fixture('metatrader5-report.csv').split('\n').slice(14).join('\n');
    const { format, days } = readPnlCsv(deals);
    expect(format).toBe('mt5-deals');
    expect(days).toEqual([{ date: '2025-03-14', pnl: 182 }]);
  });

  it('reads a cTrader History export (Closing Time day-first, Net USD)', () => {
    const { format, days } = readPnlCsv(fixture('ctrader-history.csv'));
    expect(format).toBe('ctrader');
    expect(days).toEqual([
      { date: '2025-03-14', pnl: -56.5 },
      { date: '2025-03-18', pnl: 513.6 },
      { date: '2025-03-19', pnl: 1060 },
    ]);
  });

  it('reads a NinjaTrader Trades grid export (Exit time, Profit less Commission, ($) negatives)', () => {
    const { format, days } = readPnlCsv(fixture('ninjatrader-trades.csv'));
    expect(format).toBe('ninjatrader');
    expect(days).toEqual([
      { date: '2025-03-14', pnl: -274.62 },
      { date: '2025-03-17', pnl: 1230.96 },
      { date: '2025-03-18', pnl: -79.04 },
    ]);
  });

  it('reads a Tradovate Performance export (the later of bought/sold timestamps, $(x) negatives)', () => {
    const { format, days } = readPnlCsv(fixture('tradovate-performance.csv'));
    expect(format).toBe('tradovate');
    expect(days).toEqual([
      { date: '2025-03-14', pnl: 18.75 },
      { date: '2025-03-17', pnl: 123.5 },
      { date: '2025-03-18', pnl: -22.5 },
    ]);
  });

  it('reads TradingView\'s List of trades, counting only the Exit rows', () => {
    const { format, days, rows } = readPnlCsv(fixture('tradingview-list-of-trades.csv'));
    expect(format).toBe('tradingview');
    expect(rows).toBe(4);
    expect(days).toEqual([
      { date: '2025-03-14', pnl: -262.5 },
      { date: '2025-03-17', pnl: 1235 },
      { date: '2025-03-18', pnl: -75 },
    ]);
  });

  it('reads the older TradingView layout (Profit USD)', () => {
    const text = 'Trade #,Type,Signal,Date/Time,Price USD,Contracts,Profit USD,Profit %,Cum. Profit USD,Cum. Profit %\n'
      + '1,Exit long,Close,2025-03-14 10:02,5716.50,1,212.50,0.07,212.50,0.21\n1,Entry long,Long,2025-03-14 09:31,5712.25,1,212.50,0.07,212.50,0.21\n';
    expect(parsePnlCsv(text)).toEqual([{ date: '2025-03-14', pnl: 212.5 }]);
  });
});

describe('parsePnlCsv: the generic form\'s variants', () => {
  it.each([
    ['Date,P&L', ','], ['CLOSE TIME;Profit', ';'], ['closed\tNet P&L', '\t'], ['Time,PnL', ','], ['"Date","Profit ($)"', ','],
  ])('recognises the header %j', (header, separator) => {
    const text = `${header}\n2025-03-14${separator}100\n2025-03-15${separator}-50\n`;
    expect(parsePnlCsv(text)).toEqual([{ date: '2025-03-14', pnl: 100 }, { date: '2025-03-15', pnl: -50 }]);
  });

  it('sums trades of the same day, sorts the days, and reads quoted amounts with $ signs, thousands and parentheses', () => {
    const text = 'Closed,Profit\r\n"2025-03-15 16:00","$1,250.00"\r\n2025-03-14 10:00,(200.00)\r\n2025-03-14 11:00,"-$50.25"\r\n2025-03-15,$(0.50)\r\n';
    expect(parsePnlCsv(text)).toEqual([{ date: '2025-03-14', pnl: -250.25 }, { date: '2025-03-15', pnl: 1249.5 }]);
  });

  it('reads decimal commas in semicolon files and day-first dates when a day is above 12', () => {
    const text = '\uFEFFDate;Profit\n13.03.2025;125,50\n01.03.2025;"1.234,00"\n';
    expect(parsePnlCsv(text)).toEqual([{ date: '2025-03-01', pnl: 1234 }, { date: '2025-03-13', pnl: 125.5 }]);
  });

  it('takes an explicit time zone to its UTC day', () => {
    expect(parsePnlCsv('date,pnl\n2025-03-14T23:30:00-02:00,10\n')).toEqual([{ date: '2025-03-15', pnl: 10 }]);
  });

  it.each([
    ['$1,234.56', 1234.56], ['(125.00)', -125], ['$(125.00)', -125], ['-$125', -125], ['1 060.00', 1060], ['125,5', 125.5], ['1.234.567', 1234567],
    ['+42', 42], ['−7.5', -7.5], ['100 USD', 100], ['abc', null], ['', null], ['1.2.3', null], ['12-3', null],
  ])('parseAmount(%j) = %s', (raw, expected) => {
    expect(parseAmount(raw)).toBe(expected);
  });
});

describe('parsePnlCsv: what a trader is told when a file cannot be read', () => {
  it('an empty file', () => {
    expect(refusal('  \n')).toMatchObject({ message: 'The file is empty', line: 1 });
  });

  it('no recognisable header', () => {
    expect(refusal('when,amount\n2025-03-14,100\n')).toMatchObject({ message: NO_HEADER_MESSAGE, line: 1 });
  });

  it('a header and nothing under it', () => {
    expect(refusal('date,pnl\n')).toMatchObject({ message: 'The file has a header on line 1 but no results under it', line: 1 });
  });

  it('a date it cannot read, with its line', () => {
    expect(refusal('date,pnl\n2025-03-14,100\n\n2025-02-30,50\n')).toMatchObject({
      message: 'Line 4: "2025-02-30" is not a date we can read (write dates like 2025-03-14)', line: 4,
    });
    expect(refusal('date,pnl\nTotal,150\n')).toMatchObject({ message: 'Line 2: "Total" is not a date we can read (write dates like 2025-03-14)', line: 2 });
  });

  it('an amount it cannot read, with its line', () => {
    expect(refusal('date,pnl\n2025-03-14,100\n2025-03-15,12abc\n')).toMatchObject({
      message: 'Line 3: "12abc" is not an amount we can read (write amounts like -125.50)', line: 3,
    });
  });

  it('an empty date or P&L', () => {
    expect(refusal('date,pnl\n2025-03-14,\n')).toMatchObject({ message: 'Line 2: the P&L is empty', line: 2 });
    expect(refusal('date,pnl\n,100\n')).toMatchObject({ message: 'Line 2: the date is empty', line: 2 });
  });

  it('a line with too few columns (a different separator)', () => {
    expect(refusal('date,pnl\n2025-03-14;100\n')).toMatchObject({
      message: 'Line 2 has 1 column where the header on line 1 has at least 2: check that every line uses the same separator', line: 2,
    });
  });

  it('counts lines inside quoted fields that hold a line break', () => {
    expect(refusal('date,note,pnl\n2025-03-14,"two\nlines",100\n2025-03-15,x,oops\n')).toMatchObject({ line: 4 });
  });
});
