import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { GracefulShutdown } from '../health/graceful-shutdown.service.js';

/** Answers a request whole, in one write, and says so; false leaves the request untouched for the rest of the stack. */
export type EdgeAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Puts `answers` (built files, kept public answers) in front of the server's own request handler — Express,
 * with helmet, the body and session middleware and Nest's router — so that a repeated anonymous read costs a
 * map lookup and one write of a precomputed head and body (issue #31: behind Express's router each cached
 * answer cost ~130 µs of CPU, a tenth of bare node:http's rate). Whatever they do not answer goes to Express as
 * before. Requests in flight are counted for a graceful stop (GracefulShutdown): the ones Express handles by its
 * response prototype's hooks, the ones answered here only if their bytes did not all fit in the socket at once.
 */
export function answerAtTheEdge(server: Server, expressApp: { response: object }, answers: readonly EdgeAnswer[], shutdown: GracefulShutdown): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (handlers.length !== 1) throw new Error(`answerAtTheEdge expects the one Express handler on the server, found ${handlers.length}`);
  const [express] = handlers;
  shutdown.countResponses(expressApp.response);
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    shutdown.beforeEdgeAnswer(res);
    for (const answer of answers) {
      if (answer(req, res)) {
        shutdown.afterEdgeAnswer(res);
        return;
      }
    }
    shutdown.started();
    express(req, res);
  });
}
