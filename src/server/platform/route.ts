import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteBody, RouteContract, RouteParams, RouteQuery, RouteResponse } from '../../contracts/http';
import type { RouteAccess } from './access';

// Registers a route from its contract (src/contracts): the contract's shapes validate the request
// and filter the answer, so a route cannot answer a field its contract does not list. What is the
// server's alone (who may call it, its rate limit) is given here.

export interface RouteSettings {
  access: RouteAccess;
  rateLimit?: FastifyContextConfig['rateLimit'];
  /** false: no CSRF token needed (only for routes that change nobody's data). */
  csrf?: false;
  /** A smaller body limit than the server's, for routes whose body is small by nature. */
  bodyLimit?: number;
  /**
   * A check on the raw path parameters that must answer before the body is validated: an id that
   * cannot be the caller's answers 404 whatever the body holds, so validation tells nothing about it.
   */
  beforeValidation?: (request: FastifyRequest) => Promise<void> | void;
}

export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: RouteParams<C>;
  Querystring: RouteQuery<C>;
  Body: RouteBody<C>;
}>;

export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<RouteResponse<C>> | RouteResponse<C>;

export function route<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  settings: RouteSettings,
  handler: ContractHandler<C>,
): void {
  const status = contract.status ?? 200;
  app.route({
    method: contract.method,
    url: contract.path,
    ...(settings.bodyLimit ? { bodyLimit: settings.bodyLimit } : {}),
    ...(settings.beforeValidation ? { preValidation: async (request: FastifyRequest) => settings.beforeValidation!(request) } : {}),
    config: {
      access: settings.access,
      ...(settings.rateLimit ? { rateLimit: settings.rateLimit } : {}),
      ...(settings.csrf === false ? { csrf: false as const } : {}),
    },
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.response ? { response: { [status]: contract.response } } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler(request as unknown as ContractRequest<C>, reply);
      if (status === 204) return reply.code(204).send();
      if (status !== 200) reply.code(status);
      return result;
    },
  });
}
