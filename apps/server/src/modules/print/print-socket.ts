import {
  findTextProblem,
  PRINT_AGENT_SOCKET_PATH,
  PRINT_MESSAGES,
  PRINT_PROTOCOL_MIN,
  PRINT_PROTOCOL_VERSION,
  PRINT_STATUS_INTERVAL_MS,
  type TAgentMessage,
  ZAgentMessage,
} from '@quantics/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../lib/app-error.ts';
import { recordLabelPrinted } from './gs1-labels.repo.ts';
import * as repo from './print.repo.ts';
import { type AgentIdentity, authenticateAgent } from './print-agents.service.ts';
import { type AgentConnection, type PrintRelay, send } from './print-relay.ts';

declare module 'fastify' {
  interface FastifyRequest {
    printAgent: AgentIdentity | null;
  }
}

/** A utility silent this long (it reports every 5 s) is cut off, so its unanswered jobs fail instead of waiting. */
const SILENCE_LIMIT_MS = 4 * PRINT_STATUS_INTERVAL_MS;

/**
 * The print utility's WebSocket (protocol in packages/contracts/src/print-protocol.ts). The utility token is
 * checked before the upgrade; a plain HTTP GET is told this address is for the utility.
 */
export function registerPrintSocket(app: FastifyInstance, relay: PrintRelay) {
  app.decorateRequest('printAgent', null);
  app.route({
    method: 'GET',
    url: PRINT_AGENT_SOCKET_PATH,
    schema: { hide: true },
    preValidation: async (request: FastifyRequest) => {
      if (!request.ws) return;
      request.printAgent = await authenticateAgent(app.db, request.headers.authorization);
    },
    handler: async () => {
      throw new AppError(426, PRINT_MESSAGES.socketIsForUtility);
    },
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const agent = request.printAgent;
      if (!agent) return socket.close(1008, 'Not signed in');
      serve(app, relay, agent, socket);
    },
  });
}

function serve(app: FastifyInstance, relay: PrintRelay, agent: AgentIdentity, socket: WebSocket) {
  const log = app.log.child({ printAgent: agent.agentId });
  const conn = relay.attach(agent, socket);
  let silence: NodeJS.Timeout | undefined;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => socket.terminate(), SILENCE_LIMIT_MS);
  };
  heard();
  // Messages are handled one after another, so a status report never overtakes the hello before it.
  let queue = Promise.resolve();
  socket.on('message', (raw) => {
    heard();
    queue = queue
      .then(() => handle(app, relay, conn, agent, raw.toString()))
      .catch((err) => {
        log.error({ err }, 'print utility message failed');
      });
  });
  socket.on('close', () => {
    clearTimeout(silence);
    queue = queue
      .then(async () => {
        await relay.detach(conn);
        await repo.markDisconnected(app.db, agent);
        log.info('print utility disconnected');
      })
      .catch((err) => log.warn({ err }, 'print utility disconnect not recorded'));
  });
}

async function handle(
  app: FastifyInstance,
  relay: PrintRelay,
  conn: AgentConnection,
  agent: AgentIdentity,
  raw: string,
) {
  let message: TAgentMessage;
  try {
    const data: unknown = JSON.parse(raw);
    // The API's text rule, as for every HTTP request: printer names and hostnames are stored and shown.
    const textProblem = findTextProblem(data);
    if (textProblem) throw new Error(textProblem);
    const parsed = ZAgentMessage.safeParse(data);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    message = parsed.data;
  } catch (err) {
    const reason = err instanceof Error ? err.message : '';
    return send(conn.socket, { type: 'error', message: PRINT_MESSAGES.unreadableMessage(reason) });
  }
  switch (message.type) {
    case 'hello': {
      if (message.protocol < PRINT_PROTOCOL_MIN) {
        send(conn.socket, {
          type: 'error',
          message: PRINT_MESSAGES.protocolTooOld(message.protocol),
        });
        return conn.socket.close(4002, 'Unsupported protocol');
      }
      const isActive = await repo.markConnected(app.db, agent, {
        version: message.agentVersion,
        hostname: message.hostname,
        protocol: Math.min(message.protocol, PRINT_PROTOCOL_VERSION),
      });
      if (!isActive) return signedOut(conn);
      return send(conn.socket, {
        type: 'welcome',
        protocol: Math.min(message.protocol, PRINT_PROTOCOL_VERSION),
        agentId: agent.agentId,
        agentName: agent.name,
        statusIntervalMs: PRINT_STATUS_INTERVAL_MS,
      });
    }
    case 'printers':
      // A utility signed out from the portal hears it at its next report, on whichever instance holds it.
      if (!(await repo.reportPrinters(app.db, agent, message.printers))) return signedOut(conn);
      return;
    case 'ack':
      return relay.acknowledge(conn, message.jobId, {
        ok: message.ok,
        printed: message.printed,
        error: message.ok ? null : message.error || PRINT_MESSAGES.printerFailed,
        failure: message.ok ? null : 'printer',
      });
    case 'label':
      // Protocol 2: one label of a job this connection holds went out (a failure is told by the ack that follows).
      if (message.ok && conn.pending.has(message.jobId)) {
        await recordLabelPrinted(app.db, agent, message.jobId, message.index);
      }
      return;
  }
}

function signedOut(conn: AgentConnection) {
  send(conn.socket, { type: 'error', message: PRINT_MESSAGES.agentTokenInvalid });
  conn.socket.close(4001, 'Signed out');
}
