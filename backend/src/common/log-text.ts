/**
 * Text bound for the log, cut to a readable size. A failed query's message carries its SQL with the values
 * inlined (an uploaded image as 1.7 MB of hex): one such line buries the log and the disk that is already full.
 */
export const LOG_TOKEN_MAX = 200;
export const LOG_TEXT_MAX = 8_000;
const LONG_TOKEN = new RegExp(`[^\\s,()]{${LOG_TOKEN_MAX + 1},}`, 'g');

/** Each run of more than LOG_TOKEN_MAX characters without a space keeps its start and says how long it was; the whole is capped. */
export function truncateForLog(text: string): string {
  const tokens = text.replace(LONG_TOKEN, (token) => `${token.slice(0, 60)}…[${token.length} characters]`);
  return tokens.length > LOG_TEXT_MAX ? `${tokens.slice(0, LOG_TEXT_MAX)}…[${tokens.length - LOG_TEXT_MAX} more characters]` : tokens;
}
