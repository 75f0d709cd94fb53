import {
  ZCreateDeviceRequest,
  ZDevice,
  ZDevicesResponse,
  ZErrorResponse,
  ZIdParam,
  ZRegisterConfirmRequest,
  ZRegisterConfirmResponse,
  ZRegisterErrorResponse,
  ZSuccessResponse,
  ZUpdateDeviceRequest,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/request-context.ts';
import * as devices from './devices.service.ts';
import { confirmPairing, pairingDeps } from './pairing.service.ts';

export type DevicesRoutesOptions = {
  /**
   * Finishes the company's fixed-reader counts whose time is up (ingest's, handed in by app.ts: devices does not
   * import ingest, which imports devices), so the list is current: a timed count is derived on read.
   */
  finishDueCounts: (companyId: number) => Promise<unknown>;
};

/** The portal's side of readers: the device list, registering by serial number, and confirming a pairing code. */
export const devicesRoutes: FastifyPluginAsyncZod<DevicesRoutesOptions> = async (app, options) => {
  const errors = { 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
  const pairing = pairingDeps(app);

  app.get(
    '/api/devices',
    { schema: { tags: ['devices'], response: { 200: ZDevicesResponse } } },
    async (request) => {
      const { companyId } = requireAuth(request);
      // A fixed reader's timed count whose end has passed finishes now (derived on read), so the list is current.
      await options.finishDueCounts(companyId);
      return devices.listDevices(app.db, companyId);
    },
  );

  app.post(
    '/api/devices',
    { schema: { tags: ['devices'], body: ZCreateDeviceRequest, response: { 201: ZDevice, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await devices.createDevice(app.db, requireAuth(request), request.body)),
  );

  app.get(
    '/api/devices/:id',
    { schema: { tags: ['devices'], params: ZIdParam, response: { 200: ZDevice, ...errors } } },
    async (request) => devices.getDevice(app.db, requireAuth(request).companyId, request.params.id),
  );

  app.put(
    '/api/devices/:id',
    {
      schema: {
        tags: ['devices'],
        params: ZIdParam,
        body: ZUpdateDeviceRequest,
        response: { 200: ZDevice, ...errors },
      },
    },
    async (request) =>
      devices.renameDevice(app.db, requireAuth(request), request.params.id, request.body.name),
  );

  app.delete(
    '/api/devices/:id',
    { schema: { tags: ['devices'], params: ZIdParam, response: { 200: ZSuccessResponse, ...errors } } },
    async (request) => {
      await devices.deleteDevice(app.db, requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/rfid/register/confirm',
    {
      schema: {
        tags: ['devices'],
        description:
          'Binds the reader showing this 6-digit code to the caller’s current company (see the reader protocol).',
        body: ZRegisterConfirmRequest,
        response: { 200: ZRegisterConfirmResponse, 400: ZRegisterErrorResponse, 429: ZRegisterErrorResponse },
      },
    },
    async (request) => {
      const device = await confirmPairing(pairing, requireAuth(request), request.body.code, request.ip);
      return { success: true as const, device };
    },
  );
};
