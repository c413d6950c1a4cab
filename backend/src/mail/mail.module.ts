import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service.js';
import { OutboxController } from './outbox.controller.js';
import { OutboxService } from './outbox.service.js';

/** Outgoing mail and the admin's Outbox. Global: any module may send mail (MailService.enqueue). */
@Global()
@Module({
  controllers: [OutboxController],
  providers: [MailService, OutboxService],
  exports: [MailService],
})
export class MailModule {}
