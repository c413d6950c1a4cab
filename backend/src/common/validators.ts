/** Field decorators shared by the DTOs of every module. */
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateIf, registerDecorator, type ValidationOptions } from 'class-validator';
import { isHttpUrl, isImageReference, type FieldRule } from '../../../common/form-rules.js';
import { MSG } from '../../../common/messages.js';

/** The one http(s) URL rule of both sides (common/form-rules.ts); re-exported for the modules that import it here. */
export { isHttpUrl };

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => {
  const v = trim({ value });
  return v === '' ? null : v;
};

/** A required text: trimmed, then must be non-empty (message from SPEC). */
export function RequiredText(message: string, maxLength = 500) {
  return applyDecorators(
    Transform(trim),
    IsString({ message }),
    MinLengthOne(message),
    MaxLength(maxLength, { message: `Must be at most ${maxLength} characters` }),
  );
}

/** Same as RequiredText, but may be left out entirely (update calls). Null is still refused. */
export function RequiredTextIfPresent(message: string, maxLength = 500) {
  return applyDecorators(ValidateIf((o, v) => v !== undefined), RequiredText(message, maxLength));
}

/** An optional text: trimmed; empty becomes null. */
export function OptionalText(maxLength = 20_000) {
  return applyDecorators(
    Transform(emptyToNull),
    IsOptional(),
    IsString({ message: 'Must be text' }),
    MaxLength(maxLength, { message: `Must be at most ${maxLength} characters` }),
  );
}

/** An optional http(s) URL; empty becomes null. */
export function OptionalUrl(label: string) {
  return applyDecorators(Transform(emptyToNull), IsOptional(), Validate(isHttpUrl, MSG.invalidUrl(label)));
}

/**
 * An optional image: an http(s) URL, a site path such as /media/x.webp, or a data: URL — the same rule the forms
 * use (common/form-rules.ts isImageReference). MediaService.resolveImage then judges a data: URL by its bytes.
 */
export function OptionalImage(label: string) {
  return applyDecorators(
    Transform(emptyToNull),
    IsOptional(),
    Validate(isImageReference, MSG.invalidImage(label)),
  );
}

function MinLengthOne(message: string) {
  return Validate((v) => typeof v === 'string' && v.length > 0, message);
}

/** A one-off rule with its message, without a class per rule. */
export function Validate(test: (value: unknown) => boolean, message: string, options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: `rule_${String(propertyName)}`,
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message, ...options },
      validator: { validate: (value: unknown) => test(value) },
    });
}

/**
 * A form's own field rule (common/*-form.ts) as the server's check of that field: the very function the form runs,
 * so the API and the form give one verdict and one message. Anything but text is judged as empty text.
 */
export function FormRule(rule: FieldRule): PropertyDecorator {
  const verdict = (value: unknown) => rule(typeof value === 'string' ? value : '');
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: `formRule_${String(propertyName)}`,
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: ({ value }) => String(verdict(value)) },
      validator: { validate: (value: unknown) => typeof value === 'string' && verdict(value) === true },
    });
}
