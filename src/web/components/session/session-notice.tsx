import { SessionActorContext, useSessionError } from '../../session/session-context';

/** Why starting a session failed (an expired 'act as' link, a user that could not be loaded), until dismissed. */
export function SessionNotice() {
  const error = useSessionError();
  const session = SessionActorContext.useActorRef();
  if (!error) return null;
  return (
    <div role="alert" className="bg-brand text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm sm:px-6">
        <p>{error}</p>
        <button
          type="button"
          onClick={() => session.send({ type: 'session.dismissError' })}
          className="ml-auto rounded border border-white px-3 py-1 font-semibold hover:bg-white hover:text-brand focus-visible:outline-2 focus-visible:outline-white"
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
