import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { ArrowLeftIcon } from './icons';

/** Back to the previous page of this visit; to Home when the page was opened directly. */
export function BackButton({ slim = false }: { slim?: boolean }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const goBack = () => {
    if (canGoBack) router.history.back();
    else void router.navigate({ to: '/home' });
  };
  return (
    <button
      type="button"
      onClick={goBack}
      className={`inline-flex items-center gap-1.5 rounded border border-white/30 px-3 ${slim ? 'py-0.5' : 'py-1.5'} text-sm font-medium text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white`}
    >
      <ArrowLeftIcon className="h-4 w-4" />
      Back
    </button>
  );
}
