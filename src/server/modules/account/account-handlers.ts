import type { Handlers } from '../../http/handler';
import { problems } from '../../http/problem';
import { userInfo } from './user-info';

export const accountHandlers = {
  userInfo: async (_request, { db, principal }) => {
    if (!principal) throw problems.unauthorized();
    return userInfo(db, principal);
  },
} satisfies Partial<Handlers>;
