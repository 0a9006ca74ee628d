import { Link } from '@tanstack/react-router';

/** A program page opened by an account outside that program (its menu entry is hidden from them). */
export function ProgramNotJoined({ program }: { program: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <div role="note" className="space-y-2 rounded-lg border border-black/10 bg-panel p-6">
        <h2 className="text-lg font-bold">Not part of your account</h2>
        <p className="text-sm text-black/70">Your account is not enrolled in the {program} program.</p>
        <p className="pt-2 text-sm font-semibold">
          <Link to="/become-a-dealer" className="text-brand hover:underline">
            Ask about becoming a dealer
          </Link>
        </p>
      </div>
    </div>
  );
}
