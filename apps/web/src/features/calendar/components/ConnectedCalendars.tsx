import { useState, type FormEvent } from 'react';
import { errorText, fieldError } from '../../../api/mutation.ts';
import { Button, TextField } from '../../../ui/index.ts';
import {
  useConnectCalendly,
  useDisconnect,
  useGoogleCalendars,
  useGoogleConnectUrl,
  useSchedule,
  useSetGoogleMain,
  type Connection,
} from '../api.ts';

const statusText = (c: Connection | undefined) =>
  !c ? 'Not connected' : c.status === 'revoked' ? 'Access was revoked — connect again' : 'Connected';

/** Google Calendar and Calendly: their busy times count against availability; Google also receives bookings. */
export function ConnectedCalendars() {
  const q = useSchedule();
  const google = q.data?.connections?.find((c) => c.provider === 'google');
  const calendly = q.data?.connections?.find((c) => c.provider === 'calendly');
  const cals = useGoogleCalendars(google?.status === 'connected');
  const setMain = useSetGoogleMain();
  const disconnect = useDisconnect();
  const connectCalendly = useConnectCalendly();
  const googleConnectUrl = useGoogleConnectUrl().mutateAsync;
  const [pat, setPat] = useState('');
  const [going, setGoing] = useState<string | null>(null);
  if (q.isLoading || q.isError) return null;

  const connectGoogle = async () => {
    setGoing(null);
    try {
      window.location.assign((await googleConnectUrl()).url);
    } catch (e) {
      setGoing(errorText(e));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    connectCalendly.mutate(pat.trim(), { onSuccess: () => setPat('') });
  };

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium text-slate-900">Google Calendar</h3>
          <span className="text-slate-600">{statusText(google)}</span>
          <span className="ml-auto flex gap-2">
            {google?.status !== 'connected' ? (
              <Button size="sm" onClick={() => void connectGoogle()}>
                Connect Google Calendar
              </Button>
            ) : null}
            {google ? (
              <Button size="sm" variant="secondary" onClick={() => disconnect.mutate('google')}>
                Disconnect Google
              </Button>
            ) : null}
          </span>
        </div>
        {going ? (
          <p role="alert" className="text-red-700">
            {going}
          </p>
        ) : null}
        {google?.status === 'connected' && cals.data ? (
          <label className="flex flex-col gap-1 text-slate-700">
            Main calendar (its busy times count; bookings are added to it)
            <select
              className="rounded-lg border border-slate-300 px-2 py-1.5"
              value={cals.data.main ?? ''}
              onChange={(e) => setMain.mutate(e.target.value)}
            >
              {cals.data.calendars.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.primary ? ' (primary)' : ''}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium text-slate-900">Calendly</h3>
          <span className="text-slate-600">{statusText(calendly)}</span>
          {calendly ? (
            <Button size="sm" variant="secondary" className="ml-auto" onClick={() => disconnect.mutate('calendly')}>
              Disconnect Calendly
            </Button>
          ) : null}
        </div>
        {calendly?.status !== 'connected' ? (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
            <TextField
              label="Calendly personal access token"
              type="password"
              autoComplete="off"
              value={pat}
              onChange={(e) => setPat(e.target.value)}
              error={fieldError(connectCalendly.error, 'userPAT') ?? (connectCalendly.error ? errorText(connectCalendly.error) : null)}
              fieldClassName="min-w-64 flex-1"
              required
            />
            <Button type="submit" loading={connectCalendly.isPending}>
              Connect Calendly
            </Button>
          </form>
        ) : null}
      </div>
    </div>
  );
}
