/**
 * The admin company form (docs/spec.md §3/§5): what the dialog holds, how a field is checked on blur, and
 * the body it sends (optional fields as null when empty). Pure, so the rules are unit-tested.
 */
import { COMPANY_RATING_MAX, COMPANY_RATING_MIN } from './constants.js';
import { isHttpUrl, isImageReference, zodForm, type FieldRule } from './form-rules.js';
import { MSG } from './messages.js';

/** A firm's other names (issue #29): how many, and how long each. */
export const COMPANY_ALIAS_LIMITS = { count: 20, length: 100 } as const;
export const COMPANY_ALIASES_MESSAGE =
  `Aliases must be at most ${COMPANY_ALIAS_LIMITS.count} names of at most ${COMPANY_ALIAS_LIMITS.length} characters each`;

/** Aliases as typed (comma or line separated): trimmed, empty ones dropped, repeats (any case) kept once. */
export function parseAliases(text: string): string[] {
  const seen = new Set<string>();
  return text.split(/[,\n]/).map((a) => a.trim().replace(/\s+/g, ' ')).filter((a) => {
    const key = a.toLowerCase();
    if (a === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The API's check of the aliases list (and the form's, on the parsed list). */
export const isAliasList = (v: unknown): boolean =>
  Array.isArray(v) && v.length <= COMPANY_ALIAS_LIMITS.count
  && v.every((a) => typeof a === 'string' && a.trim() !== '' && a.length <= COMPANY_ALIAS_LIMITS.length);

export function validateAliases(value: string): true | string {
  return isAliasList(parseAliases(value)) || COMPANY_ALIASES_MESSAGE;
}

export interface CompanyFormValues {
  name: string;
  /** Other names, comma separated. */
  aliases: string;
  description: string;
  logoUrl: string;
  websiteUrl: string;
  /** As typed in the number input ('' when empty). */
  rating: string;
  whyChooseUs: string;
  featured: boolean;
}

export interface CompanyPayload {
  name: string;
  aliases: string[];
  description: string | null;
  logoUrl: string | null;
  websiteUrl: string | null;
  rating: number | null;
  whyChooseUs: string | null;
  featured: boolean;
}

interface CompanyLike {
  name: string;
  aliases?: string[];
  description: string | null;
  logoUrl: string | null;
  websiteUrl: string | null;
  rating: number | null;
  whyChooseUs: string | null;
  featured: boolean;
}

export const EMPTY_COMPANY_FORM: CompanyFormValues = {
  name: '',
  aliases: '',
  description: '',
  logoUrl: '',
  websiteUrl: '',
  rating: '',
  whyChooseUs: '',
  featured: false,
};

export function companyToFormValues(company: CompanyLike | null | undefined): CompanyFormValues {
  if (!company) return { ...EMPTY_COMPANY_FORM };
  return {
    name: company.name,
    aliases: (company.aliases ?? []).join(', '),
    description: company.description ?? '',
    logoUrl: company.logoUrl ?? '',
    websiteUrl: company.websiteUrl ?? '',
    rating: company.rating == null ? '' : String(company.rating),
    whyChooseUs: company.whyChooseUs ?? '',
    featured: company.featured,
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function companyFormToPayload(values: CompanyFormValues): CompanyPayload {
  return {
    name: values.name.trim(),
    aliases: parseAliases(values.aliases),
    description: orNull(values.description),
    logoUrl: orNull(values.logoUrl),
    websiteUrl: orNull(values.websiteUrl),
    rating: values.rating.trim() === '' ? null : Number(values.rating),
    whyChooseUs: orNull(values.whyChooseUs),
    featured: values.featured,
  };
}

/** Field checks (true when valid, else the message), as react-hook-form's `validate` wants them. */
export function validateCompanyName(value: string): true | string {
  return value.trim() === '' ? MSG.companyNameRequired : true;
}

export function validateWebsiteUrl(value: string): true | string {
  const text = value.trim();
  return text === '' || isHttpUrl(text) || MSG.invalidUrl('Website URL');
}

/** The logo: empty, or what any image field takes (form-rules.ts), as the server's `OptionalImage('Logo')`. */
export function validateLogoUrl(value: string): true | string {
  const text = value.trim();
  return text === '' || isImageReference(text) || MSG.invalidImage('Logo');
}

export function validateRating(value: string): true | string {
  const text = value.trim();
  if (text === '') return true;
  const n = Number(text);
  if (!Number.isFinite(n) || n < COMPANY_RATING_MIN || n > COMPANY_RATING_MAX) return MSG.ratingRange;
  // Steps of 0.1: at most one decimal place.
  if (Math.abs(Math.round(n * 10) - n * 10) > 1e-9) return MSG.ratingRange;
  return true;
}

/** The company form's field rules, and the zod schema the dialog validates with. */
export const COMPANY_RULES = {
  name: validateCompanyName,
  aliases: validateAliases,
  logoUrl: validateLogoUrl,
  websiteUrl: validateWebsiteUrl,
  rating: validateRating,
} satisfies Record<string, FieldRule>;
export const companyFormSchema = zodForm(COMPANY_RULES);
