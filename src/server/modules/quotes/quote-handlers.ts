import type { Handlers } from '../../http/handler';
import { quotePdfFileName, renderQuotePdf } from '../../integrations/pdf/quote-pdf';
import { addAllToCart } from '../cart/cart-service';
import { readQuoteSettings, saveQuoteSettings } from './quote-settings';
import { createQuote, deleteQuote, listQuotes, quoteProducts, readQuote, updateQuote } from './quotes';

export const quoteHandlers = {
  quoteSettings: async (_request, context) => readQuoteSettings(context.db, context.customer().accountId),
  quoteSettingsSave: async ({ body }, context) =>
    saveQuoteSettings(context.db, context.customer().accountId, body, context.now()),
  quoteList: async ({ query }, context) => listQuotes(context.db, context.customer().accountId, query),
  quoteDetails: async ({ query }, context) => readQuote(context.db, context.customer().accountId, query.id),
  quoteCreate: async ({ body }, context) => {
    const { accountId, userId } = context.customer();
    return createQuote(context.db, context.catalogue, { accountId, userId }, body, context.now());
  },
  quoteUpdate: async ({ body }, context) =>
    updateQuote(context.db, context.catalogue, context.customer().accountId, body.id, body, context.now()),
  quoteDelete: async ({ body }, context) => deleteQuote(context.db, context.customer().accountId, body.id),
  quotePdf: async ({ query }, context) => {
    const quote = await readQuote(context.db, context.customer().accountId, query.id);
    const pdf = await renderQuotePdf(quote);
    context.reply
      .header('content-disposition', `attachment; filename="${quotePdfFileName(quote.reference)}"`)
      .header('cache-control', 'private, no-store');
    return pdf;
  },
  quoteToCart: async ({ body }, context) => {
    const { accountId, userId } = context.customer();
    const lines = await quoteProducts(context.db, accountId, body.id);
    return addAllToCart({ db: context.db, catalogue: context.catalogue, accountId, userId, now: context.now() }, lines);
  },
} satisfies Partial<Handlers>;
