import type { ApiError } from '../../api/api-error';
import { TextInput } from './form-controls';

/** A person's name and email, as the invitation and staff forms ask them, each with the server's refusal under it. */
export function PersonFields(props: {
  name: string;
  email: string;
  onName(name: string): void;
  onEmail(email: string): void;
  error: ApiError | null;
}) {
  return (
    <>
      <TextInput
        label="Name"
        required
        autoComplete="off"
        value={props.name}
        onChange={(event) => props.onName(event.target.value)}
        error={props.error?.fieldError('name')}
      />
      <TextInput
        label="Email"
        type="email"
        required
        autoComplete="off"
        value={props.email}
        onChange={(event) => props.onEmail(event.target.value)}
        error={props.error?.fieldError('email')}
      />
    </>
  );
}
