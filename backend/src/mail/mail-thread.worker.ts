/**
 * The mail thread (node:worker_threads): every message is built (MIME, quoted-printable, the recipient's slots
 * filled in) and sent over SMTP here, off the event loop that answers web requests. A campaign's copies cost
 * about 2 ms of CPU each in building and small socket writes; on the main thread that time was taken from the
 * public pages (issue #16's send bench: p99 2.1 × idle). MailThread is the main thread's side.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { MailTransport, type MailTransportOptions } from './mail-transport.js';
import { fillLetter, type Letter } from './mail.types.js';
import type { ThreadReply, ThreadRequest } from './mail-thread.js';

/**
 * Mail is background work: on a busy machine the thread that answers visitors goes first. Linux keeps a nice value
 * per thread (setpriority on the thread's id), so only this thread yields; the sending rate is the throttle's
 * business, not a race with the web for the CPU. Elsewhere the thread keeps the process's priority.
 */
const NICE = 10;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), NICE);
} catch {
  // Not Linux, or no /proc: same priority as the web.
}

const port = parentPort!;
const transport = new MailTransport(workerData as MailTransportOptions);
const letters = new Map<number, Letter>();

port.on('message', (request: ThreadRequest) => {
  switch (request.kind) {
    case 'letter':
      letters.set(request.letterId, request.letter);
      return;
    case 'forget':
      letters.delete(request.letterId);
      return;
    case 'close':
      transport.close();
      port.close();
      return;
    case 'send':
      void send(request);
  }
});

async function send(request: Extract<ThreadRequest, { kind: 'send' }>): Promise<void> {
  let reply: ThreadReply;
  try {
    const message = 'message' in request ? request.message : fillLetter(letters.get(request.letterId)!, request.to, request.fills);
    reply = { id: request.id, receipt: await transport.send(message) };
  } catch (error) {
    // What the caller decides on (a bounce, a retry, in doubt): the SMTP answer's code and the socket's error code.
    const e = error as Error & { responseCode?: number; code?: string; originalCode?: string };
    reply = { id: request.id, error: { message: e.message, responseCode: e.responseCode, code: e.code, originalCode: e.originalCode } };
  }
  port.postMessage(reply);
}
