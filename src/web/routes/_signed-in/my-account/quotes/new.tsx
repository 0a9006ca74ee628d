import { createFileRoute } from '@tanstack/react-router';
import { QuoteBuilder } from '../../../../components/quotes/quote-builder';

export const Route = createFileRoute('/_signed-in/my-account/quotes/new')({
  staticData: { title: 'New quote' },
  component: QuoteBuilder,
});
