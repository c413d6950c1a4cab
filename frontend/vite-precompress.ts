import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|xml|webmanifest)$/i;
/** Below this a compressed form saves less than its headers cost (the compression middleware's own threshold). */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `file.br` (brotli quality 11) and `file.gz` (gzip level 9) beside every compressible file of
 * `dir` (recursively) of at least 1 KB, keeping a form only when it is smaller. The server sends them as
 * they are (backend/src/static), so nothing is compressed per request. Returns the files compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(file);
      if (raw.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < raw.length) writeFileSync(`${file}.br`, br);
      if (gzipped.length < raw.length) writeFileSync(`${file}.gz`, gzipped);
      done.push(file);
    }),
  );
  return done;
}

/**
 * Vite plugin: precompress the client build once it is written. A server (SSR) build is never sent to
 * browsers, so it is left alone — whether built by `vite build --ssr` or as an environment of the same build.
 */
export function precompress(): Plugin {
  return {
    name: 'vtf:precompress',
    apply: 'build',
    async closeBundle() {
      const { build } = this.environment.config;
      if (build.ssr || this.environment.config.consumer === 'server') return;
      const files = await precompressDir(build.outDir);
      console.log(`precompressed ${files.length} files in ${build.outDir} (brotli 11, gzip 9)`);
    },
  };
}
