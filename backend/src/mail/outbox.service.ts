import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { AddressObject, ParsedMail } from 'mailparser';
import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxItemDto, OutboxMessageDto } from '../../../common/mail-api-types.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import type { ListParams, ListResult } from '../common/rest-list.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { OUTBOX_ID } from './mail-transport.js';

const addresses = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? ''));

/**
 * The messages kept in the mail_outbox table when there is no SMTP server (issues #16, #32: in the database, so every
 * copy of the site shows the same Outbox): the admin's Outbox lists them newest first — ids start with the send
 * time — and shows one parsed (mailparser: the same reading a mail client does), or hands over its exact bytes as
 * an .eml file. Only the requested page's messages are read and parsed.
 */
@Injectable()
export class OutboxService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Outbox');

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A site upgraded from the file Outbox keeps its messages: DATA_DIR/outbox is read into the table once. */
  async onApplicationBootstrap(): Promise<void> {
    await this.importFolder().catch((error: Error) => this.logger.warn(`${this.config.outboxDir} not imported: ${error.message}`));
  }

  async list(params: ListParams): Promise<ListResult<OutboxItemDto>> {
    // Newest first unless asked otherwise (id and date sort alike: the id starts with the send time).
    const order = params.sort?.order === 'ASC' ? 'asc' : 'desc';
    const [{ n }] = await this.execute<{ n: number }>('select count(*)::int as n from mail_outbox');
    const page = params.page ?? { offset: 0, limit: n };
    const rows = await this.execute<{ id: string; eml: Buffer }>(`select id, eml from mail_outbox order by id ${order} offset ? limit ?`, [page.offset, page.limit]);
    const items = await Promise.all(rows.map(async (row) => summary(row.id, await parse(row.eml))));
    return { items, total: n };
  }

  async get(id: string): Promise<OutboxMessageDto> {
    const mail = await parse(await this.eml(id));
    return {
      ...summary(id, mail),
      from: addresses(mail.from),
      messageId: mail.messageId ?? null,
      headers: mail.headerLines.map((h) => ({ name: h.key, value: h.line.slice(h.line.indexOf(':') + 1).trim() })),
      html: typeof mail.html === 'string' ? mail.html : null,
      text: mail.text ?? null,
    };
  }

  /** The message's exact bytes, as an SMTP server would have received them (an .eml file). */
  async eml(id: string): Promise<Buffer> {
    if (!OUTBOX_ID.test(id)) throw new ApiError(404, MSG.notFound('Message'));
    const [row] = await this.execute<{ eml: Buffer }>('select eml from mail_outbox where id = ?', [id]);
    if (!row) throw new ApiError(404, MSG.notFound('Message'));
    return row.eml;
  }

  private async importFolder(): Promise<void> {
    const dir = this.config.outboxDir;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const ids = names.filter((n) => n.endsWith('.eml') && OUTBOX_ID.test(n.slice(0, -4))).map((n) => n.slice(0, -4));
    for (const id of ids) {
      const eml = await readFile(join(dir, `${id}.eml`));
      await this.execute('insert into mail_outbox (id, eml) values (?, ?) on conflict (id) do nothing', [id, eml]);
    }
    // Renamed, not deleted: the files stay for whoever looked for them there, and the next start does not read them again.
    await rename(dir, `${dir}-imported`);
    this.logger.log(`${ids.length} message(s) of ${dir} moved into the Outbox table (the files are kept in ${dir}-imported)`);
  }

  private execute<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}

/** mailparser is loaded when an admin first opens the Outbox: it adds about 25 MB that a web copy otherwise never needs. */
async function parse(eml: Buffer): Promise<ParsedMail> {
  const { simpleParser } = await import('mailparser');
  return simpleParser(eml, { skipImageLinks: true });
}

function summary(id: string, mail: ParsedMail): OutboxItemDto {
  return { id, date: (mail.date ?? new Date(0)).toISOString(), to: addresses(mail.to), subject: mail.subject ?? '' };
}
