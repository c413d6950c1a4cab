import { Stack } from '@mui/material';
import { AutocompleteInput, BooleanInput, NumberInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { DISCOUNT_PERCENTAGE_MAX, DISCOUNT_PERCENTAGE_MIN } from '../../../../common/constants.js';
import { ImageInput } from '../components/ImageInput.js';
import { discountRules } from '../../../../common/discount-form.js';
import { raRule } from '../components/ra-rule.js';
import { isoToLocalInput, listToText, localInputToIso, STATUS_CHOICES, textToList, textToSizes } from './discount-form.js';

const validate = {
  title: raRule(discountRules.title),
  companyId: raRule(discountRules.companyId),
  status: raRule(discountRules.status),
  affiliateLink: raRule(discountRules.affiliateLink),
  discountPercentage: raRule(discountRules.discountPercentage),
  mediaUrl: raRule(discountRules.mediaUrl),
};

/** Companies are searched by name on the server (500 of them do not fit one menu). */
const companyQuery = (q: string) => ({ q });

/**
 * The fields docs/spec.md §7 says the form sends: title, company, status, description, code, affiliate link,
 * percentage, Valid Until in the browser's local time (docs/spec.md §9, mapped by common/discount-form.ts) and the media
 * image (the shared ImageInput, boxed to 1200x800 by the server). Rules and messages are docs/spec.md §5's, on blur.
 */
export function DiscountInputs({ onUploading }: { onUploading: (busy: boolean) => void }) {
  return (
    <>
      <TextInput source="title" id="discount-title" label="Title" validate={validate.title} autoFocus helperText={false} />
      <ReferenceInput source="companyId" reference="companies" sort={{ field: 'name', order: 'ASC' }} perPage={50}>
        <AutocompleteInput
          id="discount-company"
          label="Company"
          optionText="name"
          filterToQuery={companyQuery}
          validate={validate.companyId}
          helperText={false}
        />
      </ReferenceInput>
      <SelectInput source="status" id="discount-status" label="Status" choices={STATUS_CHOICES} validate={validate.status} helperText={false} />
      <TextInput source="description" id="discount-description" label="Description" multiline minRows={3} helperText={false} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput source="discountCode" id="discount-code" label="Discount Code" helperText={false} />
        <NumberInput
          source="discountPercentage"
          id="discount-percentage"
          label="Discount Percentage"
          min={DISCOUNT_PERCENTAGE_MIN}
          max={DISCOUNT_PERCENTAGE_MAX}
          validate={validate.discountPercentage}
          helperText={false}
        />
      </Stack>
      <TextInput source="affiliateLink" id="discount-affiliate-link" label="Affiliate Link" type="url" validate={validate.affiliateLink} helperText={false} />
      <TextInput
        source="validUntil"
        id="discount-valid-until"
        label="Valid Until"
        type="datetime-local"
        format={isoToLocalInput}
        parse={localInputToIso}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText="Your local time. Leave empty for no expiry."
      />
      {/* The fine print (issue #18): every price shown with this code follows it (common/price-rule.ts). */}
      <TextInput source="eligiblePrograms" id="discount-programs" label="Programs it applies to" format={listToText} parse={textToList}
        helperText="Program names, comma-separated. Empty: every program of the firm." />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput source="eligibleSizes" id="discount-sizes" label="Account sizes (USD)" format={listToText} parse={textToSizes}
          helperText="e.g. 50000, 100000. Empty: every size." />
        <NumberInput source="minPrice" id="discount-min-price" label="Minimum price (USD)" min={0} helperText="Empty: any price." />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <BooleanInput source="newAccountsOnly" label="New accounts only" helperText={false} />
        <BooleanInput source="appliesToResets" label="Applies to resets" helperText={false} />
        <BooleanInput source="stacks" label="Stacks with other offers" helperText={false} />
      </Stack>
      <ImageInput source="mediaUrl" label="Media" kind="discount" validate={validate.mediaUrl} onBusyChange={onUploading} />
    </>
  );
}
