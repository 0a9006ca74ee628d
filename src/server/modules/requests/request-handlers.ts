import type { Handlers } from '../../http/handler';
import { listCustomerRequests } from './customer-requests';
import { listRequests, requestDetail } from './request-queue';
import { addRequestNote, assignRequest, requestAssignees, setRequestStatus } from './request-review';

export const requestHandlers = {
  staffRequests: async ({ query }, { db, staff }) => listRequests(db, staff().staffId, query),
  staffRequest: async ({ query }, { db, config, now }) => requestDetail(db, config, query.reference, now()),
  staffRequestStatus: async ({ body }, { db, config, staff, now }) => {
    await setRequestStatus(db, config.publicUrl, staff().staffId, body.reference, body.status, now());
    return requestDetail(db, config, body.reference, now());
  },
  staffRequestAssign: async ({ body }, { db, config, staff, now }) => {
    await assignRequest(db, staff().staffId, body.reference, body.assignee, now());
    return requestDetail(db, config, body.reference, now());
  },
  staffRequestNote: async ({ body }, { db, config, staff, now }) => {
    await addRequestNote(db, staff().staffId, body.reference, body.text, now());
    return requestDetail(db, config, body.reference, now());
  },
  staffStaffMembers: async (_request, { db }) => requestAssignees(db),
  accountRequests: async ({ query }, { db, customer }) => listCustomerRequests(db, customer().accountId, query.page),
} satisfies Partial<Handlers>;
