import { type ReactNode, useId } from 'react';

/** One titled block of the checkout page. */
export function CheckoutSection({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-black/10 bg-white p-4 shadow-sm ${className}`}>
      <h2 id={id} className="mb-3 text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
