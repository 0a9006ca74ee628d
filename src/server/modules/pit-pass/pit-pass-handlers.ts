import type { Handlers } from '../../http/handler';
import { readPitPass } from './pit-pass';

export const pitPassHandlers = {
  pitPassGet: async (_request, context) => readPitPass(context.db, context.customer().accountId, context.now()),
} satisfies Partial<Handlers>;
