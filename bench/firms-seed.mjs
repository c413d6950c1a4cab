/**
 * The firms benches' data (issue #10): 200 firms × 5 programs × 6 account sizes, 2 codes per firm,
 * every criterion scored. Shared by bench/firms-list.mjs (the API and the cached pages) and
 * bench/firms-page.mjs (the uncached server render).
 */
export const FIRMS = 200;
export const PROGRAMS = 5;
export const SIZES = [10000, 25000, 50000, 100000, 150000, 200000];

/**
 * `firms` firms (FIRMS by default): the first 90 % active, the next 5 % paused, the last 5 % closed (1–180,
 * 181–190, 191–200 of 200); each with 2 active codes and every criterion scored.
 */
export async function seedFirms(db, firms = FIRMS) {
  await db.query(
    `insert into companies (name, slug, description, website_url, rating, score, status, platforms, asset_classes, affiliate_status)
     select 'Firm ' || g, 'firm-' || g, 'A proprietary trading firm, number ' || g || '.', 'https://firm' || g || '.example',
            3 + (g % 20) / 10.0, 2.5 + (g % 25) / 10.0,
            case when g > $1::int * 0.95 then 'closed' when g > $1::int * 0.9 then 'paused' else 'active' end,
            case g % 4 when 0 then array['MT4','MT5'] when 1 then array['MT5','cTrader'] when 2 then array['NinjaTrader','Rithmic']
                       else array['MT5','Match-Trader','TradingView'] end,
            case when g % 4 = 2 then array['futures'] else array['forex','indices','crypto'] end,
            (array['partner','no-program','ended'])[1 + g % 3]
     from generate_series(1, $1::int) g`,
    [firms],
  );
  await db.query(
    `insert into firm_programs (company_id, position, name, type, profit_targets, daily_loss, max_loss, drawdown_type,
                                min_trading_days, time_limit_days, profit_split, first_payout_days, payout_frequency, refundable_fee, reset_price)
     select c.id, p, 'Program ' || p, (array['one-step','two-step','three-step','instant','other'])[p],
            (array['[10]','[8,5]','[6,6,6]','[]','[7]'])[p]::jsonb, case when p = 4 then null else 3 + p % 3 end, 6 + p + c.id % 5,
            (array['static','trailing','eod-trailing'])[1 + (c.id + p) % 3], p % 4, case when p = 5 then 30 else null end,
            70 + (c.id * 7 + p * 3) % 30, 7 + p * 2, 'Bi-weekly', p % 2 = 0, 49 + p * 10
     from companies c cross join generate_series(1, $1::int) p`,
    [PROGRAMS],
  );
  await db.query(
    `insert into firm_program_sizes (program_id, size, price)
     select fp.id, s.size, round((s.size / 1000.0 * (1.5 + (fp.id % 17) / 10.0) + fp.id % 13)::numeric, 2)
     from firm_programs fp cross join unnest($1::int[]) as s(size)`,
    [SIZES],
  );
  await db.query(
    `insert into discounts (company_id, title, discount_code, affiliate_link, status, discount_percentage, discount_amount, valid_until)
     select c.id, 'Offer ' || k || ' of ' || c.name, 'CODE' || c.id || k, c.website_url || '/?ref=vtf', 'active',
            case when k = 1 then 5 + c.id % 20 else null end, case when k = 2 then 20 + c.id % 60 else null end,
            case when c.id % 3 = 0 then null else now() + (c.id % 60 + 1) * interval '1 day' end
     from companies c cross join generate_series(1, 2) k`,
  );
  await db.query(
    `insert into firm_scores (company_id, criterion, score, note)
     select c.id, k, 2.5 + (c.id % 25) / 10.0, 'Bench note'
     from companies c cross join unnest(array['payout-reliability','rules-clarity','cost','support','platform-execution','longevity']) k`,
  );
  await db.query('analyze companies; analyze firm_programs; analyze firm_program_sizes; analyze discounts; analyze firm_scores');
}
