import { Link } from '@tanstack/react-router';

export function SiteLogo({ className = 'h-9' }: { className?: string }) {
  return (
    <Link to="/home" className="inline-flex shrink-0 items-center focus-visible:outline-2 focus-visible:outline-brand">
      <img src="/images/logo.svg" alt="YHI Trade home" className={`${className} w-auto`} width={152} height={40} />
    </Link>
  );
}
