import { describeChange, describeChangeIn, diffProgram, diffPrograms, diffStatus, type ProgramVersion } from './rule-changes.js';

const classic = (over: Partial<ProgramVersion> = {}): ProgramVersion => ({
  id: 1,
  name: 'Classic',
  type: 'two-step',
  profitTargets: [8, 5],
  dailyLoss: 5,
  maxLoss: 10,
  drawdownType: 'static',
  minTradingDays: 3,
  timeLimitDays: null,
  profitSplit: 80,
  firstPayoutDays: 14,
  payoutFrequency: 'Bi-weekly',
  refundableFee: true,
  activationFee: null,
  resetPrice: 99,
  sizes: [{ size: 10000, price: 100 }, { size: 100000, price: 500 }],
  ...over,
});

describe('diffProgram', () => {
  it('finds nothing between equal versions, numbers compared by value (PostgreSQL numeric text)', () => {
    expect(diffProgram(classic({ maxLoss: '10.00' as unknown as number }), classic())).toEqual([]);
  });

  it('writes one entry per changed field with before and after, in the profile order', () => {
    const changes = diffProgram(classic(), classic({ maxLoss: 8, profitTargets: [10, 5], timeLimitDays: 30, drawdownType: 'trailing' }));
    expect(changes).toEqual([
      { kind: 'rule', program: 'Classic', field: 'profitTargets', before: [8, 5], after: [10, 5] },
      { kind: 'rule', program: 'Classic', field: 'maxLoss', before: 10, after: 8 },
      { kind: 'rule', program: 'Classic', field: 'drawdownType', before: 'static', after: 'trailing' },
      { kind: 'rule', program: 'Classic', field: 'timeLimitDays', before: null, after: 30 },
    ]);
    expect(changes.map(describeChange)).toEqual([
      'Profit targets 8 % / 5 % \u2192 10 % / 5 %',
      'Max loss 10 % \u2192 8 %',
      'Drawdown type Static \u2192 Trailing',
      'Time limit none \u2192 30 days',
    ]);
  });

  it('writes fee changes: a size price, a size added or dropped, the reset price and activation fee', () => {
    const changes = diffProgram(
      classic(),
      classic({ resetPrice: 79, activationFee: 149, sizes: [{ size: 10000, price: 90 }, { size: 200000, price: 900 }] }),
    );
    expect(changes.map(describeChange)).toEqual([
      'Activation fee none \u2192 $149',
      'Reset price $99 \u2192 $79',
      'Price of the $10,000 account $100 \u2192 $90',
      'Price of the $100,000 account $500 \u2192 none',
      'Price of the $200,000 account none \u2192 $900',
    ]);
  });
});

describe('diffPrograms', () => {
  it('matches programs by the id the save names, so a renamed program is one program', () => {
    const changes = diffPrograms([classic()], [classic({ name: 'Classic Plus', maxLoss: 8 })]);
    expect(changes.map(describeChangeIn)).toEqual(['Classic Plus: Max loss 10 % \u2192 8 %']);
  });

  it('matches by name when the save carries no id, and writes programs added and removed', () => {
    const rapid = classic({ id: 2, name: 'Rapid', type: 'one-step', profitTargets: [10] });
    const changes = diffPrograms([classic(), rapid], [classic({ id: undefined, minTradingDays: 0 }), classic({ id: undefined, name: 'Instant' })]);
    expect(changes.map(describeChangeIn)).toEqual([
      'Classic: Minimum trading days 3 days \u2192 0 days',
      'Program added: Instant',
      'Program removed: Rapid',
    ]);
  });
});

describe('diffStatus', () => {
  it('writes a status change and nothing when it stays', () => {
    expect(diffStatus('active', 'active')).toEqual([]);
    expect(diffStatus('active', 'closed').map(describeChange)).toEqual(['Status Active \u2192 Closed']);
  });
});
