import { BooleanInput, NumberInput, TextInput } from 'react-admin';
import type { CompanyDto } from '../../../../common/api-types.js';
import { COMPANY_RULES, companyFormToPayload, validateAliases, type CompanyPayload } from '../../../../common/company-form.js';
import { COMPANY_RATING_MAX, COMPANY_RATING_MIN, COMPANY_RATING_STEP } from '../../../../common/constants.js';
import { ImageInput } from '../components/ImageInput.js';
import { raRule } from '../components/ra-rule.js';

/** The record holds a list; the input, while typed, a comma-separated text. */
const aliasesText = (v: unknown): string => (Array.isArray(v) ? v.join(', ') : typeof v === 'string' ? v : '');
const validateAliasesInput = (v: unknown) => {
  const result = validateAliases(aliasesText(v));
  return result === true ? undefined : result;
};
const validate = {
  name: raRule(COMPANY_RULES.name), logoUrl: raRule(COMPANY_RULES.logoUrl), websiteUrl: raRule(COMPANY_RULES.websiteUrl), rating: raRule(COMPANY_RULES.rating),
};

/** The form holds the record's own types; docs/spec.md §3's body (optional fields null when empty) comes from common/company-form.ts. */
export function recordToCompanyPayload(d: Partial<CompanyDto>): CompanyPayload {
  return companyFormToPayload({
    name: d.name ?? '',
    aliases: aliasesText(d.aliases),
    description: d.description ?? '',
    logoUrl: d.logoUrl ?? '',
    websiteUrl: d.websiteUrl ?? '',
    rating: d.rating == null ? '' : String(d.rating),
    whyChooseUs: d.whyChooseUs ?? '',
    featured: !!d.featured,
  });
}

/** The company form of docs/spec.md §3/§5: rules checked on blur, the logo through the shared ImageInput (800x800). */
export function CompanyInputs({ onUploading }: { onUploading: (busy: boolean) => void }) {
  return (
    <>
      <TextInput source="name" id="company-name" label="Name" validate={validate.name} autoFocus helperText={false} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <TextInput
        source="aliases"
        id="company-aliases"
        label="Also known as"
        helperText="Other names the search should find, comma separated (e.g. The 5%ers)"
        format={aliasesText}
        parse={(v: string) => v}
        validate={validateAliasesInput}
      />
      <TextInput source="description" id="company-description" label="Description" multiline minRows={3} helperText={false} />
      <ImageInput source="logoUrl" label="Logo" kind="logo" validate={validate.logoUrl} onBusyChange={onUploading} />
      <TextInput source="websiteUrl" id="company-website" label="Website URL" type="url" placeholder="https://example.com" validate={validate.websiteUrl} helperText={false} />
      <NumberInput
        source="rating"
        id="company-rating"
        label="Rating (0-5)"
        min={COMPANY_RATING_MIN}
        max={COMPANY_RATING_MAX}
        step={COMPANY_RATING_STEP}
        validate={validate.rating}
        helperText={false}
      />
      <TextInput source="whyChooseUs" id="company-why" label="Why Choose Us" multiline minRows={3} helperText={false} />
      <BooleanInput source="featured" label="Featured as the '#1 CHOICE' firm (only one firm at a time)" helperText={false} />
    </>
  );
}
