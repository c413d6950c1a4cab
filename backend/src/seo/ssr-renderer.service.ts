import { Inject, Injectable, Logger } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { ServerEntry } from '../../../common/seo/data-source.js';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Loads the server renderer that `npm run build` puts in dist/frontend-server (a dynamic import at
 * runtime: the backend compiles without the front end) and Vite's client manifest, which says which
 * CSS and chunks a rendered page's lazily loaded routes need. Without a build, pages are served
 * as the unrendered shell (the API tests, `npm test` on a fresh clone).
 */
@Injectable()
export class SsrRendererService {
  private readonly logger = new Logger('SSR');
  private entry?: Promise<ServerEntry | null>;
  private manifest?: Manifest | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The server entry, or null when the front end has no server build. */
  load(): Promise<ServerEntry | null> {
    this.entry ??= this.import().catch((error: unknown) => {
      // Logged once; every page is then served as the shell until the app restarts with a working build.
      this.logger.error(`The server renderer could not be loaded; pages are served without their content`, error instanceof Error ? error.stack : String(error));
      return null;
    });
    return this.entry;
  }

  private async import(): Promise<ServerEntry | null> {
    const file = join(this.config.frontendServerDir, 'entry-server.js');
    if (!existsSync(file)) {
      this.logger.warn(`No server renderer in ${this.config.frontendServerDir}; pages are served without their content (run npm run build)`);
      return null;
    }
    return (await import(pathToFileURL(file).href)) as ServerEntry;
  }

  /**
   * The built files of the rendered routes' modules: their CSS (so the page is styled at first paint and
   * nothing moves when their chunks arrive) and their chunks (preloaded, so hydration does not wait on a
   * request chain). What the shell already links (the entry's own files) is left out.
   */
  assets(modules: string[]): { css: string[]; js: string[] } {
    const manifest = this.readManifest();
    if (!manifest || modules.length === 0) return { css: [], js: [] };
    const entryFiles = new Set<string>();
    const collect = (key: string, into: Set<string>, seen = new Set<string>()) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      into.add(chunk.file);
      chunk.css?.forEach((c) => into.add(c));
      chunk.imports?.forEach((i) => collect(i, into, seen));
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryFiles);
    const wanted = new Set<string>();
    for (const m of modules) collect(`src/${m}`, wanted);
    const files = [...wanted].filter((f) => !entryFiles.has(f)).map((f) => `/${f}`);
    return { css: files.filter((f) => f.endsWith('.css')), js: files.filter((f) => f.endsWith('.js')) };
  }

  private readManifest(): Manifest | null {
    if (this.manifest !== undefined) return this.manifest;
    try {
      this.manifest = JSON.parse(readFileSync(join(this.config.frontendDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      this.manifest = null;
    }
    return this.manifest;
  }
}
