/**
 * The SQL twins of the discount rules of common/price-rule.ts and common/discount-rules.ts, for the
 * queries that filter and sort by them in the database. Each takes the alias of a `discounts` row and
 * SQL for the moment (a `?` placeholder or an expression), and is held equal to its TypeScript twin by
 * backend/test/rule-twins.e2e-spec.ts over generated cases.
 */

/** `isUsableCode`: active, with a code to type, not past its end. */
export const usableCodeSql = (d: string, now: string) =>
  `(${d}.status = 'active' and coalesce(btrim(${d}.discount_code), '') <> '' and (${d}.valid_until is null or ${d}.valid_until > ${now}))`;

/** `isPublicDiscount`: what a visitor can act on — active or coming soon, and not past its end. */
export const publicDiscountSql = (d: string, now: string) =>
  `(${d}.status in ('active', 'coming_soon') and (${d}.valid_until is null or ${d}.valid_until > ${now}))`;

/** `isReportable`: a code a visitor can say worked or not — active, not past its end, with a code or a link. */
export const reportableSql = (d: string, now: string) =>
  `(${d}.status = 'active' and (${d}.valid_until is null or ${d}.valid_until > ${now}) and (${d}.discount_code is not null or ${d}.affiliate_link is not null))`;

/** SQL for what is bought: the program's name, the size, its listed price and whether it is a reset (boolean SQL). */
export interface PriceTargetSql {
  program: string;
  size: string;
  price: string;
  isReset: string;
  now: string;
}

/**
 * `applyCode` of common/price-rule.ts: the price after the code, or null where the fine print rules the code
 * out. Numeric arithmetic, rounded to cents half up as the TypeScript twin does on whole cents.
 */
export function priceAfterCodeSql(d: string, t: PriceTargetSql): string {
  const pct = `nullif(greatest(${d}.discount_percentage, 0), 0)`;
  const amt = `nullif(greatest(${d}.discount_amount, 0), 0)`;
  const price = `round(${t.price}::numeric, 2)`;
  const afterPct = `round(${price} * (1 - least(${pct}, 100) / 100), 2)`;
  return `(case
    when not ${usableCodeSql(d, t.now)} then null
    when cardinality(${d}.eligible_programs) > 0
      and not exists (select 1 from unnest(${d}.eligible_programs) e where lower(btrim(e)) = lower(btrim(${t.program}))) then null
    when cardinality(${d}.eligible_sizes) > 0 and not (${t.size} = any(${d}.eligible_sizes)) then null
    when ${d}.min_price > 0 and ${price} < ${d}.min_price then null
    when ${t.isReset} and (not ${d}.applies_to_resets or ${d}.new_accounts_only) then null
    when ${pct} is not null then case when ${afterPct} <= 0 and ${pct} < 100 then null else greatest(0, ${afterPct}) end
    when ${amt} is not null then case when ${amt} >= ${price} then null else ${price} - ${amt} end
    else ${price}
  end)`;
}
