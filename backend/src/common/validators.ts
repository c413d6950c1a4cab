/** Field decorators shared by the DTOs of every module. */
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateIf, isURL, registerDecorator, type ValidationOptions } from 'class-validator';
import { MSG } from '../../../common/messages.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => {
  const v = trim({ value });
  return v === '' ? null : v;
};

export function isHttpUrl(value: unknown): boolean {
  return typeof value === 'string' && isURL(value, { protocols: ['http', 'https'], require_protocol: true, require_tld: false });
}

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
 * An optional image: an http(s) URL, a site path such as /media/x.webp, or a data: URL. Any data: URL
 * gets through here so that MediaService.resolveImage, which looks at the real bytes, answers with
 * SPEC's 'Invalid file type. Please upload an image.' for one that holds no png, jpeg or webp.
 */
export function OptionalImage(label: string) {
  return applyDecorators(
    Transform(emptyToNull),
    IsOptional(),
    Validate(
      (v) => isHttpUrl(v) || (typeof v === 'string' && (/^\/media\/[\w.-]+$/.test(v) || /^data:/i.test(v))),
      MSG.invalidImage(label),
    ),
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
