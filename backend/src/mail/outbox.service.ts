import { Inject, Injectable } from '@nestjs/common';
import { simpleParser, type AddressObject } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxItemDto, OutboxMessageDto } from '../../../common/mail-api-types.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import type { ListParams, ListResult } from '../common/rest-list.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { OUTBOX_ID } from './mail-transport.js';

const addresses = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? ''));

/**
 * The messages written to DATA_DIR/outbox when there is no SMTP server (issue #16): the admin's Outbox lists them
 * newest first — file names start with the send time — and shows one parsed (mailparser: the same reading a
 * mail client does). Only the requested page's files are read.
 */
@Injectable()
export class OutboxService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async list(params: ListParams): Promise<ListResult<OutboxItemDto>> {
    // Newest first unless asked otherwise (id and date sort alike: the id starts with the send time).
    const ids = params.sort?.order === 'ASC' ? (await this.ids()).reverse() : await this.ids();
    const page = params.page ?? { offset: 0, limit: ids.length };
    const items = await Promise.all(ids.slice(page.offset, page.offset + page.limit).map(async (id) => summary(id, await this.parse(id))));
    return { items, total: ids.length };
  }

  async get(id: string): Promise<OutboxMessageDto> {
    if (!OUTBOX_ID.test(id)) throw new ApiError(404, MSG.notFound('Message'));
    const mail = await this.parse(id);
    return {
      ...summary(id, mail),
      from: addresses(mail.from),
      messageId: mail.messageId ?? null,
      headers: mail.headerLines.map((h) => ({ name: h.key, value: h.line.slice(h.line.indexOf(':') + 1).trim() })),
      html: typeof mail.html === 'string' ? mail.html : null,
      text: mail.text ?? null,
    };
  }

  private async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.config.outboxDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names.filter((n) => n.endsWith('.eml') && OUTBOX_ID.test(n.slice(0, -4))).map((n) => n.slice(0, -4)).sort().reverse();
  }

  private async parse(id: string) {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(this.config.outboxDir, `${id}.eml`));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ApiError(404, MSG.notFound('Message'));
      throw error;
    }
    return simpleParser(bytes, { skipImageLinks: true });
  }
}

function summary(id: string, mail: Awaited<ReturnType<typeof simpleParser>>): OutboxItemDto {
  return { id, date: (mail.date ?? new Date(0)).toISOString(), to: addresses(mail.to), subject: mail.subject ?? '' };
}
