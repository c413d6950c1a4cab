#!/usr/bin/env node
/**
 * The send bench's SMTP server (smtp-server), in a process of its own: it stands in for a mail provider on
 * another machine, so its parsing must not share an event loop with the bench's visitors, whose latencies
 * would then measure the sink. Counts every recipient of every accepted message; tells the parent over IPC
 * when it listens, the running total every 250 ms, and the recipients' counts when asked ('report').
 * Usage (from startChild with ipc): node bench/smtp-sink.mjs <port>
 */
import { setPriority } from 'node:os';
import { SMTPServer } from 'smtp-server';

// A provider's server takes none of the sending machine's CPU: on this shared box the nearest stand-in in the
// ordinary scheduling class (no idle or real-time class anywhere, issue #32) is the lowest priority, nice 19.
try {
  setPriority(19);
} catch {
  // Not allowed: it keeps its priority, and the bench measures the sink's share too.
}

const port = Number(process.argv[2]);
const received = new Map();
let messages = 0;
const sink = new SMTPServer({
  secure: false, authOptional: true, disabledCommands: ['STARTTLS'], logger: false, maxClients: 100, closeTimeout: 100,
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      messages++;
      for (const r of session.envelope.rcptTo) received.set(r.address, (received.get(r.address) ?? 0) + 1);
      callback();
    });
  },
});
sink.listen(port, '127.0.0.1', () => process.send({ ready: true }));
const ticker = setInterval(() => process.send({ messages }), 250);
process.on('message', (request) => {
  if (request !== 'report') return;
  process.send({ report: { messages, distinct: received.size, twice: [...received.values()].filter((n) => n > 1).length } });
});
process.on('SIGTERM', () => {
  clearInterval(ticker);
  sink.close(() => process.exit(0));
});
