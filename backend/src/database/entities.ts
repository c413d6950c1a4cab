/** Every entity, listed once; the ORM config and migrations read this list. */
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { Revision } from '../audit/revision.entity.js';
import { SessionRecord } from '../auth/session.entity.js';
import { BlogPost } from '../blog-posts/blog-post.entity.js';
import { AppSetting, Campaign, CampaignClick, CampaignDelivery } from '../campaigns/campaign.entities.js';
import { Company } from '../companies/company.entity.js';
import { Discount } from '../discounts/discount.entity.js';
import { DiscountCheck } from '../proof/discount-check.entity.js';
import { DiscountReport } from '../proof/discount-report.entity.js';
import { ReportHold } from '../proof/report-hold.entity.js';
import { FirmChange } from '../companies/firm-change.entity.js';
import { FirmEvent } from '../companies/firm-event.entity.js';
import { FirmProgram, FirmProgramSize } from '../companies/firm-program.entity.js';
import { FirmScore } from '../companies/firm-score.entity.js';
import { MediaAsset } from '../media/media-asset.entity.js';
import { NewsletterSubscriber } from '../newsletter/newsletter-subscriber.entity.js';
import { RateLimitCounter } from '../rate-limit/rate-limit.entity.js';
import { User } from '../users/user.entity.js';
import { UserInvitation } from '../users/user-invitation.entity.js';

export const ENTITIES = [User, SessionRecord, RateLimitCounter, Company, Discount, BlogPost, NewsletterSubscriber, MediaAsset,
  FirmProgram, FirmProgramSize, FirmChange, FirmScore, DiscountCheck, DiscountReport,
  AuditEntry, Revision, ReportHold, Campaign, CampaignDelivery, CampaignClick, AppSetting, FirmEvent,
  UserInvitation];
