import { Inject, Injectable, Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

const FALLBACK_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Verified Trader Funding</title></head>
<body><div id="root"></div><p>The front end is not built yet: run <code>npm run build</code>.</p></body></html>`;

/** The built index.html, read once; every page route answers with it. */
@Injectable()
export class PageShellService {
  private readonly logger = new Logger('PageShell');
  private shell?: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  html(): string {
    if (this.shell) return this.shell;
    try {
      this.shell = readFileSync(join(this.config.frontendDir, 'index.html'), 'utf8');
    } catch {
      this.logger.warn(`No built front end in ${this.config.frontendDir}; serving a placeholder page`);
      return FALLBACK_SHELL;
    }
    return this.shell;
  }
}
