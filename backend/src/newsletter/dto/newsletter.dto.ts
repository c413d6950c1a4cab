import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { SUBSCRIBER_BULK_ACTIONS } from '../../../../common/bulk.js';
import { bulkBodyOf } from '../../common/bulk.dto.js';
import { IsOptional, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../../../common/enums.js';
import { MSG } from '../../../../common/messages.js';
import { isNewsletterEmail, isNewsletterSource, isSubscriberStatus, normalizeEmail } from '../../../../common/newsletter.js';
import { IdDto } from '../../common/id.dto.js';
import { Validate } from '../../common/validators.js';

const normalize = ({ value }: { value: unknown }) => (typeof value === 'string' ? normalizeEmail(value) : value);
const emptyToNull = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' ? null : v;
};

/** docs/spec.md §3 "Newsletter signup input" (after a superjson body is unwrapped). */
export class SubscribeDto {
  @ApiProperty({ example: 'trader@example.com', description: 'Trimmed and lower-cased before it is stored' })
  @Transform(normalize)
  @Validate(isNewsletterEmail, MSG.newsletterEmailInvalid)
  email!: string;

  @ApiPropertyOptional({ nullable: true, example: 'homepage', description: "A docs/spec.md §3 source label or blog-post-{slug}; empty means 'Direct'" })
  @Transform(emptyToNull)
  @IsOptional()
  @Validate(isNewsletterSource, MSG.newsletterSourceInvalid)
  source?: string | null;
}

export class UnsubscribeDto {
  @ApiProperty({ description: 'The token from the unsubscribe link of a newsletter' })
  @Validate((v) => typeof v === 'string' && v.length > 0, MSG.newsletterTokenInvalid)
  token!: string;
}

export class SubscriberStatusDto {
  @ApiProperty({ enum: SUBSCRIBER_STATUSES })
  @Validate(isSubscriberStatus, MSG.subscriberStatusInvalid)
  status!: SubscriberStatus;
}

/** SPEC face: POST /_api/admin/newsletter-subscribers/update */
export class UpdateSubscriberDto extends IntersectionType(IdDto, SubscriberStatusDto) {}

/** REST face: PUT /:id gets the whole record react-admin holds; only status can change. */
export class ReplaceSubscriberDto {
  @ApiPropertyOptional({ enum: SUBSCRIBER_STATUSES })
  @ValidateIf((_o, v) => v !== undefined)
  @Validate(isSubscriberStatus, MSG.subscriberStatusInvalid)
  status?: SubscriberStatus;
}

/** POST /_api/admin/newsletter-subscribers/bulk (issue #18): the ticked subscribers or every subscriber of a filter. */
export class BulkSubscribersDto extends bulkBodyOf(SUBSCRIBER_BULK_ACTIONS) {}
